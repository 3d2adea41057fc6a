import type { Finding } from "@/lib/skills/format/findings";
import type { SkillMdAnalysis } from "./analyze";
import { ProblemsPanel } from "./problems-panel";
import { TokenMeter } from "./token-meter";

/** SKILL.md's token costs beside the draft's problems; both wait for the first analysis. */
export function EditorChecks({
  analysis,
  resourceTokens,
  findings,
  extra,
  onJump,
}: {
  analysis: SkillMdAnalysis | null;
  resourceTokens: number | null;
  findings: readonly Finding[];
  extra: readonly { severity: "error" | "warning"; message: string }[];
  onJump: (finding: Finding) => void;
}) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <TokenMeter
        catalog={analysis ? analysis.catalogTokens : null}
        body={analysis ? analysis.bodyTokens : null}
        resources={resourceTokens}
        pending={!analysis}
      />
      <ProblemsPanel findings={findings} extra={extra} onJump={onJump} checking={!analysis} />
    </div>
  );
}
