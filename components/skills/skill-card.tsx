import Link from "next/link";
import { EyeOffIcon, FileIcon, TriangleAlertIcon } from "lucide-react";
import type { SkillSummary } from "@/lib/types/skills";
import { formatRelative, formatTokens } from "@/lib/format";
import { ScopeBadge } from "./scope-badge";

export function SkillCard({ skill }: { skill: SkillSummary }) {
  return (
    <li className="group relative flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:border-primary/40 hover:bg-accent/30">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-mono text-[15px] font-semibold tracking-tight">
          <Link href={`/skills/${skill.id}`} className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-3 focus-visible:after:ring-ring/50">
            <span className="block truncate">{skill.name}</span>
          </Link>
        </h2>
        <ScopeBadge scope={skill.scope} team={skill.team?.name} />
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">{skill.description}</p>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span>v{skill.version}</span>
        {skill.author ? <span>{skill.author.name}</span> : <span>Skillshelf</span>}
        <span title={skill.updatedAt.toISOString()}>{formatRelative(skill.updatedAt)}</span>
        <span title="Catalog tokens (level 1) / body tokens (level 2), approximate">
          {formatTokens(skill.catalogTokens)} / {formatTokens(skill.bodyTokens)} tok
        </span>
        <span className="inline-flex items-center gap-1">
          <FileIcon className="size-3" aria-hidden />
          {skill.fileCount} {skill.fileCount === 1 ? "file" : "files"}
        </span>
        {skill.warningCount ? (
          <span className="inline-flex items-center gap-1 text-amber-600 dark:text-amber-400">
            <TriangleAlertIcon className="size-3" aria-hidden />
            {skill.warningCount} {skill.warningCount === 1 ? "warning" : "warnings"}
          </span>
        ) : null}
        {skill.shadowedBy ? (
          <span className="relative z-10 inline-flex items-center gap-1 text-foreground" title={skill.shadowedBy.reason}>
            <EyeOffIcon className="size-3" aria-hidden />
            Shadowed
            <span className="sr-only">: {skill.shadowedBy.reason}</span>
          </span>
        ) : null}
      </div>
    </li>
  );
}
