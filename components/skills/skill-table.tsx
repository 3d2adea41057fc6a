import Link from "next/link";
import { FileTextIcon, TriangleAlertIcon } from "lucide-react";
import { hasMatch } from "@/lib/skills/list/search";
import type { SkillListItem } from "@/lib/types/skills";
import { formatRelative, formatTokens } from "@/lib/display";
import { HighlightedText } from "./highlighted-text";
import { LazySkillRowMenu } from "./lazy-actions";
import { ScopeBadge } from "./scope-badge";
import { SecurityBadges } from "./security-badge";
import { ShadowedMarker, StarCount } from "./skill-markers";

const th = "px-3 py-2.5 text-left text-xs font-medium whitespace-nowrap text-muted-foreground";
const num = "px-3 py-3 text-right tabular-nums whitespace-nowrap";

/** The list as rows: denser than cards, for scanning and comparing sizes. */
export function SkillTable({ skills }: { skills: SkillListItem[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card shadow-xs">
      <table className="w-full border-collapse text-sm" aria-label="Skills">
        <thead className="border-b bg-muted/40">
          <tr>
            <th scope="col" className={`${th} pl-4`}>
              Skill
            </th>
            <th scope="col" className={`${th} hidden md:table-cell`}>
              Scope
            </th>
            <th scope="col" className={`${th} hidden lg:table-cell`}>
              Author
            </th>
            <th scope="col" className={th}>
              Updated
            </th>
            <th scope="col" className={`${th} text-right`} title="Catalog entry tokens (level 1), approximate">
              Catalog
            </th>
            <th scope="col" className={`${th} text-right`} title="SKILL.md body tokens (level 2), approximate">
              Body
            </th>
            <th scope="col" className={`${th} hidden text-right sm:table-cell`}>
              Files
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sr-only">Warnings</span>
              <TriangleAlertIcon className="ml-auto size-3.5" aria-hidden />
            </th>
            <th scope="col" className={`${th} pr-2`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {skills.map((skill) => (
            <tr key={skill.id} className="align-top transition-colors hover:bg-accent/30">
              <td className="max-w-0 min-w-64 py-3 pr-3 pl-4 md:w-[46%]">
                <div className="flex min-w-0 items-baseline gap-2">
                  <Link
                    href={`/skills/${skill.id}`}
                    className="truncate rounded-sm font-mono text-[14px] font-semibold tracking-tight outline-none hover:text-primary focus-visible:ring-3 focus-visible:ring-ring/50"
                  >
                    <HighlightedText segments={skill.match?.name} text={skill.name} />
                  </Link>
                  <span className="shrink-0 text-xs text-muted-foreground">v{skill.version}</span>
                  <StarCount count={skill.starCount} className="shrink-0 text-xs text-muted-foreground" />
                  <ShadowedMarker shadowedBy={skill.shadowedBy} className="shrink-0 text-xs" />
                  <SecurityBadges skill={skill} className="shrink-0 self-center" />
                </div>
                <p className="mt-0.5 line-clamp-2 text-[13px] text-muted-foreground">
                  <HighlightedText segments={skill.match?.description} text={skill.description} focus />
                </p>
                {skill.match?.body && !hasMatch(skill.match.name) && !hasMatch(skill.match.description) ? (
                  <p className="mt-1 line-clamp-1 text-xs text-muted-foreground">
                    <FileTextIcon className="mr-1 inline size-3 -translate-y-px" aria-hidden />
                    <span className="sr-only">In SKILL.md: </span>
                    <HighlightedText segments={skill.match.body} text="" />
                  </p>
                ) : null}
              </td>
              <td className="hidden px-3 py-3 md:table-cell">
                <ScopeBadge scope={skill.scope} team={skill.team?.name} />
              </td>
              <td className="hidden px-3 py-3 whitespace-nowrap text-muted-foreground lg:table-cell">{skill.author ? skill.author.name : "Skillshelf"}</td>
              <td className="px-3 py-3 whitespace-nowrap text-muted-foreground" title={skill.updatedAt.toISOString()}>
                {formatRelative(skill.updatedAt)}
              </td>
              <td className={num} title={`${skill.catalogTokens} tokens`}>
                {formatTokens(skill.catalogTokens)}
              </td>
              <td className={num} title={`${skill.bodyTokens} tokens`}>
                {formatTokens(skill.bodyTokens)}
              </td>
              <td className={`${num} hidden sm:table-cell`}>{skill.fileCount}</td>
              <td className={num}>
                {skill.warningCount ? (
                  <span
                    className="font-medium text-amber-700 dark:text-amber-400"
                    title={`${skill.warningCount} validator ${skill.warningCount === 1 ? "warning" : "warnings"}`}
                  >
                    {skill.warningCount}
                  </span>
                ) : (
                  <span className="text-muted-foreground/50" aria-label="No warnings">
                    –
                  </span>
                )}
              </td>
              <td className="py-2 pr-2 text-right">
                <LazySkillRowMenu skill={{ id: skill.id, name: skill.name }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
