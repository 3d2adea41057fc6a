import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ChevronLeftIcon, EyeOffIcon, TriangleAlertIcon } from "lucide-react";
import { ScopeBadge } from "@/components/skills/scope-badge";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { requireViewer } from "@/lib/data/session";
import { getSkill } from "@/lib/data/skills";
import { formatBytes, formatNumber, formatRelative } from "@/lib/format";

type Props = { params: Promise<{ skillId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const viewer = await requireViewer();
  const skill = await getSkill(viewer, (await params).skillId);
  return { title: skill?.name ?? "Skill not found" };
}

export default async function SkillPage({ params }: Props) {
  const viewer = await requireViewer();
  const skill = await getSkill(viewer, (await params).skillId);
  if (!skill) notFound();
  const { current } = skill;

  return (
    <div className="grid gap-6">
      <Link href="/skills" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeftIcon className="size-4" aria-hidden /> Skills
      </Link>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-mono text-2xl font-semibold tracking-tight">{skill.name}</h1>
          <ScopeBadge scope={skill.scope} team={skill.team?.name} />
          <Badge variant="outline">v{skill.version}</Badge>
        </div>
        <p className="max-w-3xl text-muted-foreground">{skill.description}</p>
        <p className="text-sm text-muted-foreground">
          {current.author ? `${current.author.name} · ` : ""}updated {formatRelative(skill.updatedAt)} · {skill.versions.length} {skill.versions.length === 1 ? "version" : "versions"}
        </p>
        {skill.shadowedBy ? (
          <p className="flex items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-sm">
            <EyeOffIcon className="size-4 shrink-0" aria-hidden /> {skill.shadowedBy.reason}
          </p>
        ) : null}
      </header>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">SKILL.md</CardTitle>
          </CardHeader>
          <CardContent className="pt-4">
            <pre className="max-h-[70vh] overflow-auto rounded-lg bg-muted/60 p-4 font-mono text-[13px] leading-relaxed whitespace-pre-wrap">{current.body}</pre>
          </CardContent>
        </Card>
        <aside className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Files</CardTitle>
            </CardHeader>
            <CardContent className="pt-4">
              <ul className="grid gap-1.5 text-sm">
                {current.files.map((file) => (
                  <li key={file.path} className="flex items-baseline justify-between gap-3">
                    <span className="truncate font-mono text-[13px]">{file.path}</span>
                    <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                      {formatBytes(file.size)}
                      {file.tokens !== null ? ` · ${formatNumber(file.tokens)} tok` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Disclosure cost (approximate)</CardTitle>
            </CardHeader>
            <CardContent className="pt-4">
              <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
                <dt className="text-muted-foreground">Level 1 · catalog entry</dt>
                <dd className="tabular-nums">{formatNumber(current.catalogTokens)} tok</dd>
                <dt className="text-muted-foreground">Level 2 · SKILL.md body</dt>
                <dd className="tabular-nums">{formatNumber(current.bodyTokens)} tok</dd>
                <dt className="text-muted-foreground">Level 3 · all resources</dt>
                <dd className="tabular-nums">{formatNumber(current.resourceTokens)} tok</dd>
              </dl>
            </CardContent>
          </Card>
          {current.findings.length ? (
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Findings</CardTitle>
              </CardHeader>
              <CardContent className="pt-4">
                <ul className="grid gap-2 text-sm">
                  {current.findings.map((finding, index) => (
                    <li key={index} className="flex gap-2">
                      <TriangleAlertIcon className={finding.severity === "error" ? "mt-0.5 size-4 shrink-0 text-destructive" : "mt-0.5 size-4 shrink-0 text-amber-500"} aria-label={finding.severity} />
                      <span>
                        {finding.message}
                        {finding.line ? <span className="text-muted-foreground"> (line {finding.line})</span> : null}
                      </span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
