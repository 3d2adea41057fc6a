import Link from "next/link";
import { redirect } from "next/navigation";
import { BookCheckIcon, GitPullRequestArrowIcon, MessagesSquareIcon, PlugIcon, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { awaitingFirstAccount } from "@/lib/auth/signup-gate";
import { getViewer } from "@/lib/data/core";
import { getEnv } from "@/lib/env";

// What a signed-out visitor sees at the site's address: what Skillshelf is, in a few lines, and the
// way in. A signed-in one goes straight to their skills.

const POINTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: BookCheckIcon,
    title: "One shelf for every skill",
    text: "Upload SKILL.md folders, ZIPs or whole Git repositories. Each version is validated, security-scanned and priced in tokens before it is stored.",
  },
  {
    icon: GitPullRequestArrowIcon,
    title: "Reviewed like code",
    text: "Personal, team and public skills, with history, diffs and review requests before a change reaches the team.",
  },
  {
    icon: PlugIcon,
    title: "Delivered to your agents",
    text: "Claude Code, Codex and any MCP client get the skills they may see, through MCP, delivery links or a sync command.",
  },
  {
    icon: MessagesSquareIcon,
    title: "Tried before trusted",
    text: "A playground shows which skills a model loads, what it reads and what that costs; trigger tests catch a description that misfires.",
  },
];

export default async function Home() {
  if (await getViewer()) redirect("/skills");
  // Under invite-only, a visitor without an invite link cannot create an account here (a fresh
  // instance takes its first account whatever the policy).
  const canSignUp = getEnv().SIGNUP_POLICY !== "invite-only" || (await awaitingFirstAccount());
  return (
    <div className="grid w-full max-w-4xl gap-10">
      <section aria-labelledby="landing-title" className="grid justify-items-center gap-4 text-center">
        <h1 id="landing-title" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Your team&apos;s Agent Skills, in one place
        </h1>
        <p className="max-w-2xl text-base text-pretty text-muted-foreground">
          Skillshelf keeps the skills your agents use: upload and review them, deliver them to Claude Code and Codex, and see what each one costs before it
          ships.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link href="/sign-in">Sign in</Link>
          </Button>
          {canSignUp ? (
            <Button asChild size="lg" variant="outline">
              <Link href="/sign-up">Create an account</Link>
            </Button>
          ) : null}
        </div>
        {canSignUp ? null : <p className="text-sm text-muted-foreground">New here? Ask a team owner for an invite link.</p>}
      </section>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="What Skillshelf does">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3 rounded-xl border bg-card p-4 shadow-xs">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="grid gap-1">
              <h2 className="text-sm font-semibold">{title}</h2>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
