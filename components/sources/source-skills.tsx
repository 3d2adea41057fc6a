import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { SourceSkill } from "@/lib/types/sources";

/** The skills a source keeps: each one's folder upstream, its current version, and whether the sync archived it. */
export function SourceSkills({ skills, kind }: { skills: SourceSkill[]; kind: "git" | "folder" }) {
  if (!skills.length) {
    return (
      <p className="text-sm text-muted-foreground">
        No skills yet. Each folder with a SKILL.md in the {kind === "git" ? "repository" : "folder"} becomes one at the next sync.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" aria-label="Skills from this source">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Skill
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Folder
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Version
            </th>
          </tr>
        </thead>
        <tbody>
          {skills.map((skill) => (
            <tr key={skill.skillId} className="border-b align-top last:border-b-0" data-testid="source-skill" data-archived={skill.archived || undefined}>
              <th scope="row" className="py-2.5 pr-3 text-left font-normal">
                <span className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`/skills/${encodeURIComponent(skill.skillId)}`}
                    className="font-mono font-medium [overflow-wrap:anywhere] underline-offset-4 hover:underline"
                  >
                    {skill.name}
                  </Link>
                  {skill.archived ? (
                    <Badge variant="outline" title="Removed upstream: archived by a sync">
                      Archived
                    </Badge>
                  ) : null}
                </span>
              </th>
              <td className="py-2.5 pr-3 font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">{skill.path || "(top folder)"}</td>
              <td className="py-2.5 pr-3 text-right font-mono tabular-nums">v{skill.version}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
