import Link from "next/link";
import { CircleXIcon, LinkIcon, TriangleAlertIcon } from "lucide-react";
import type { SkillRoutes } from "@/components/skills/skill-routes";
import type { Finding } from "@/lib/skills/format/findings";

export interface BrokenLink {
  /** The document the link is in. */
  from: string;
  /** The missing target, resolved against the skill root. */
  path: string;
  suggestion: string | null;
  image: boolean;
}

/** Broken links listed one by one; past this, a count (hostile or generated skills can have hundreds). */
const BROKEN_LINKS_SHOWN = 12;

/** The validator's findings (errors first) and links that point at no file, each with its place. */
export function SkillFindings({
  findings,
  brokenLinks,
  files,
  routes,
}: {
  findings: Finding[];
  brokenLinks: BrokenLink[];
  files: ReadonlySet<string>;
  routes: SkillRoutes;
}) {
  const errors = findings.filter((f) => f.severity === "error");
  const warnings = findings.filter((f) => f.severity === "warning");
  const sorted = [...errors, ...warnings];
  const summary = [
    errors.length ? `${errors.length} ${errors.length === 1 ? "error" : "errors"}` : null,
    warnings.length ? `${warnings.length} ${warnings.length === 1 ? "warning" : "warnings"}` : null,
    brokenLinks.length ? `${brokenLinks.length} broken ${brokenLinks.length === 1 ? "link" : "links"}` : null,
  ].filter(Boolean);

  return (
    <section aria-labelledby="findings-title" className="rounded-xl border bg-card shadow-xs">
      <h2 id="findings-title" className="flex items-center gap-2 border-b px-4 py-2.5 text-sm font-semibold">
        {errors.length ? <CircleXIcon aria-hidden className="size-4 text-destructive" /> : <TriangleAlertIcon aria-hidden className="size-4 text-amber-500" />}
        Findings
        <span className="font-normal text-muted-foreground">· {summary.join(", ")}</span>
      </h2>
      <ul className="divide-y text-sm">
        {sorted.map((finding, index) => {
          const path = finding.path || "SKILL.md";
          const place = finding.line ? `${path}:${finding.line}` : path;
          const href = files.has(path) ? routes.page({ file: path, view: "source", hash: finding.line ? `L${finding.line}` : null }) : null;
          return (
            <li key={index} className="flex items-start gap-3 px-4 py-2.5">
              {finding.severity === "error" ? (
                <CircleXIcon aria-label="Error" className="mt-0.5 size-4 shrink-0 text-destructive" />
              ) : (
                <TriangleAlertIcon aria-label="Warning" className="mt-0.5 size-4 shrink-0 text-amber-500" />
              )}
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="leading-snug">{finding.message}</p>
                <p className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                  {href ? (
                    <Link href={href} prefetch={false} className="font-mono hover:text-foreground hover:underline">
                      {place}
                    </Link>
                  ) : (
                    <span className="font-mono">{place}</span>
                  )}
                  {finding.field ? (
                    <span>
                      field <code className="font-mono">{finding.field}</code>
                    </span>
                  ) : null}
                  <span className="font-mono">{finding.code}</span>
                </p>
              </div>
            </li>
          );
        })}
        {brokenLinks.slice(0, BROKEN_LINKS_SHOWN).map((link, index) => (
          <li key={`link-${index}`} className="flex items-start gap-3 px-4 py-2.5">
            <LinkIcon aria-label="Broken link" className="mt-0.5 size-4 shrink-0 text-amber-500" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="leading-snug">
                {link.image ? "Image" : "Link"} to <code className="font-mono text-[13px]">{link.path}</code>, which is not a file of this version
                {link.suggestion ? (
                  <>
                    {" "}
                    (did you mean <code className="font-mono text-[13px]">{link.suggestion}</code>?)
                  </>
                ) : null}
              </p>
              <p className="text-xs text-muted-foreground">
                <Link href={routes.file(link.from)} prefetch={false} className="font-mono hover:text-foreground hover:underline">
                  {link.from}
                </Link>
              </p>
            </div>
          </li>
        ))}
        {brokenLinks.length > BROKEN_LINKS_SHOWN ? (
          <li className="px-4 py-2.5 pl-11 text-xs text-muted-foreground">
            and {brokenLinks.length - BROKEN_LINKS_SHOWN} more broken links in {new Set(brokenLinks.slice(BROKEN_LINKS_SHOWN).map((link) => link.from)).size}{" "}
            documents; they are marked in each document.
          </li>
        ) : null}
      </ul>
    </section>
  );
}
