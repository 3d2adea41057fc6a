import type { Finding } from "@/lib/skills/format/findings";
import type { ActionFailure } from "@/lib/types/actions";

/** What the editor does with a refused save: reload their version, or show findings and mark a field. */
export interface SaveRefusalFacts {
  /** A newer version saved meanwhile: the editor compares with it instead of showing an error. */
  conflictVersion: number | null;
  /** The validator's findings about the draft (only for a refusal of its content). */
  findings: Finding[];
  field: "name" | "message" | undefined;
}

export function saveRefusalOf(failure: ActionFailure): SaveRefusalFacts {
  const details = failure.details ?? {};
  const conflictVersion = failure.code === "CONFLICT" && typeof details.currentVersion === "number" ? details.currentVersion : null;
  // Only a refusal of the draft's content carries validator findings; a scan gate's are its own.
  const aboutContent = failure.code === "INVALID" || failure.code === "INVALID_INPUT" || (failure.code === "CONFLICT" && details.field === "name");
  const findings = aboutContent && Array.isArray(details.findings) ? (details.findings as Finding[]) : [];
  const field = aboutContent && (details.field === "name" || details.field === "message") ? details.field : undefined;
  return { conflictVersion, findings, field };
}
