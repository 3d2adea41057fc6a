"use client";
import Link from "next/link";
import { CheckCircle2Icon, CircleXIcon, GitPullRequestArrowIcon, TriangleAlertIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { findingLocation } from "@/lib/skills/vetting/policy";
import type { Finding, ScanFinding, UploadCommitResult, UploadRefusedSkill } from "@/lib/types/uploads";
import { SeverityBadge } from "@/components/ui/severity-badge";
import { importSummary, isScanFinding, OUTCOME_LABEL, refusedTitle } from "./upload-logic";
import { FindingList } from "./upload-preview";

const ACTION_LABEL = { created: "created", version: "new version", unchanged: "unchanged" } as const;

/** The last step: every skill stored, with links, then every chosen skill that was not, and why. */
export function DoneStep({ result, headingRef }: { result: UploadCommitResult; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  const summary = importSummary(result);
  return (
    <section className="grid gap-3" aria-labelledby="upload-done-title">
      <h3 id="upload-done-title" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold outline-none">
        {summary.complete ? (
          <CheckCircle2Icon aria-hidden className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
        ) : (
          <TriangleAlertIcon aria-hidden className="size-5 shrink-0 text-amber-600 dark:text-amber-400" />
        )}
        {summary.heading}
      </h3>
      <ul className="grid gap-2" aria-label="Imported">
        {result.skills.map((skill) => (
          <li key={skill.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-sm">
            <Link
              href={`/skills/${encodeURIComponent(skill.skillId)}`}
              className="font-mono font-semibold break-all text-primary underline-offset-4 hover:underline"
            >
              {skill.name}
            </Link>
            {skill.proposal ? (
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
                <span>
                  {/* A new skill waits in the uploader's personal space for its move to be approved; a new version waits as a proposal. */}v{skill.version} ·{" "}
                  {skill.action === "created" ? "in your personal space until the move is approved" : "proposed for review, not yet what agents get"}
                </span>
                <Link href={skill.proposal.url} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                  <GitPullRequestArrowIcon aria-hidden className="size-3.5" /> Open the request
                </Link>
              </span>
            ) : (
              <span className="text-muted-foreground">
                v{skill.version} · {ACTION_LABEL[skill.action]}
              </span>
            )}
          </li>
        ))}
      </ul>
      {result.refused.length ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-medium text-muted-foreground">Not imported</h4>
          <ul className="grid gap-2" aria-label="Not imported">
            {result.refused.map((skill) => (
              <RefusedSkill key={skill.key} skill={skill} />
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function RefusedSkill({ skill }: { skill: UploadRefusedSkill }) {
  const findings = skill.findings ?? [];
  const scanFindings = findings.filter(isScanFinding);
  const skillFindings = findings.filter((f): f is Finding => !isScanFinding(f));
  return (
    <li className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2.5 text-sm">
      {/* the badge wraps under the name, not under the icon */}
      <p className="flex items-start gap-2">
        <CircleXIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-mono font-semibold break-all">{refusedTitle(skill)}</span>
          <Badge variant="destructive">{OUTCOME_LABEL[skill.outcome]}</Badge>
        </span>
      </p>
      <p className="pl-6 leading-snug break-words">{skill.message}</p>
      {skillFindings.length ? <FindingList findings={skillFindings} className="pl-6" /> : null}
      {scanFindings.length ? <ScanFindingLines findings={scanFindings} /> : null}
    </li>
  );
}

/** The blocking findings in one line each: what the summary needs, the preview had the full report. */
function ScanFindingLines({ findings }: { findings: ScanFinding[] }) {
  return (
    <ul className="grid gap-1.5 pl-6">
      {findings.map((finding, index) => (
        <li key={index} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <SeverityBadge severity={finding.severity} />
          <code className="font-mono text-xs break-all">{finding.rule}</code>
          <span className="font-mono text-xs break-all text-muted-foreground">{findingLocation(finding)}</span>
        </li>
      ))}
    </ul>
  );
}
