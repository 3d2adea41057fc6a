import Link from "next/link";
import { CheckCircle2Icon, CircleIcon, MessagesSquareIcon, PlugIcon, UploadIcon, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { FirstRunProgress } from "@/lib/types/first-run";
import { cn } from "@/lib/utils";
import { FirstRunFrame } from "./first-run-dismiss";

/**
 * A new account's three first steps on the skill list: put a skill on the shelf, connect an agent
 * to it, try skills in the playground. Each says what it is for, and a done step is ticked.
 * `upload` is the upload dialog with this panel's own trigger.
 */
export function FirstRunPanel({ progress, upload }: { progress: FirstRunProgress; upload: React.ReactNode }) {
  return (
    <FirstRunFrame>
      <h2 id="first-run-title" className="pr-8 text-base font-semibold">
        Get started with Skillshelf
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Three steps from an empty shelf to skills your agents use. The built-in skills below are yours to try already.
      </p>
      <ol className="mt-4 grid gap-3 md:grid-cols-3">
        <Step n={1} icon={UploadIcon} done={progress.uploaded} title="Upload a skill" action={upload}>
          A folder with a SKILL.md, a ZIP or a .skill file. You see every file, its token cost and any finding before anything is stored.
        </Step>
        <Step
          n={2}
          icon={PlugIcon}
          done={progress.connected}
          title="Connect an agent"
          action={
            <Button asChild variant="outline" size="sm">
              <Link href="/account#connect-agent">Set up Claude Code or Codex</Link>
            </Button>
          }
        >
          Give Claude Code, Codex or any MCP client your skills: an MCP connection, a delivery link or the sync command line.
        </Step>
        <Step
          n={3}
          icon={MessagesSquareIcon}
          done={progress.triedPlayground}
          title="Try it in the playground"
          action={
            <Button asChild variant="outline" size="sm">
              <Link href="/playground">Ask a question</Link>
            </Button>
          }
        >
          Chat with a model that sees your skills, and watch which it loads, what it reads and what that costs.
        </Step>
      </ol>
    </FirstRunFrame>
  );
}

function Step({
  n,
  icon: Icon,
  done,
  title,
  action,
  children,
}: {
  n: number;
  icon: LucideIcon;
  done: boolean;
  title: string;
  action: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <li className={cn("flex flex-col gap-2 rounded-lg border p-4", done ? "bg-muted/40" : "bg-background")} data-done={done}>
      <div className="flex items-center gap-2">
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-primary">
          <Icon className="size-4" aria-hidden />
        </span>
        <h3 className="min-w-0 flex-1 text-sm font-semibold">
          <span className="sr-only">Step {n}: </span>
          {title}
        </h3>
        {done ? (
          <CheckCircle2Icon className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-label="Done" />
        ) : (
          <CircleIcon className="size-4 shrink-0 text-muted-foreground/60" aria-label="Not done yet" />
        )}
      </div>
      <p className="text-sm text-muted-foreground">{children}</p>
      <div className="mt-auto pt-1">{action}</div>
    </li>
  );
}
