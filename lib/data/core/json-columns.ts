import type { Finding } from "@/lib/skills/format/findings";
import type { ScanFinding, ScanSkipped } from "@/lib/skills/scan/types";
import type { TurnLedger } from "@/lib/playground/domain";
import type { PlaygroundSetup } from "@/lib/types/playground";
import type { SyncRefusal } from "@/lib/types/sources";
import type { TakenQuery, TriggerTestResult } from "@/lib/types/evals";

// The TEXT columns that hold JSON, and the one place each is read back. Only this app writes them
// (JSON.stringify of the same types), so a value that is not JSON of the right kind is a corrupt
// row: it fails here, naming the column, instead of as an undefined deep in a page. They stay TEXT
// rather than Prisma `Json`: in SQLite that type is a JSONB column, and changing a column's type
// rebuilds SkillVersion, which drops the search index's triggers.

type Kind = "array" | "object";

function read<T>(column: string, text: string, kind: Kind): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`The stored ${column} is not JSON.`);
  }
  const ok = kind === "array" ? Array.isArray(value) : typeof value === "object" && value !== null && !Array.isArray(value);
  if (!ok) throw new Error(`The stored ${column} is not a JSON ${kind}.`);
  return value as T;
}

/** SkillVersion.frontmatter: every frontmatter field, in source order. */
export const readFrontmatter = (text: string) => read<Record<string, unknown>>("SkillVersion.frontmatter", text, "object");
/** SkillVersion.findings: the validator's findings. */
export const readFindings = (text: string) => read<Finding[]>("SkillVersion.findings", text, "array");
/** SkillVersion.scanFindings: the security scan's findings. */
export const readScanFindings = (text: string) => read<ScanFinding[]>("SkillVersion.scanFindings", text, "array");
/** SkillVersion.scanSkipped: files the scanner did not read, with why. */
export const readScanSkipped = (text: string) => read<ScanSkipped[]>("SkillVersion.scanSkipped", text, "array");
/** AuditEvent.detail: the facts of one change. */
export const readAuditDetail = (text: string) => read<Record<string, unknown>>("AuditEvent.detail", text, "object");
/** Conversation.settings: the playground setup a conversation runs with. */
export const readConversationSetup = (text: string) => read<PlaygroundSetup>("Conversation.settings", text, "object");
/** ConversationMessage.parts: the AI SDK UI message parts. */
export const readMessageParts = <P>(text: string) => read<P[]>("ConversationMessage.parts", text, "array");
/** ConversationMessage.ledger: what an assistant turn disclosed and cost. */
export const readLedger = (text: string) => read<TurnLedger>("ConversationMessage.ledger", text, "object");
/** SourceSync.refused: the skill folders a sync did not import, with why. */
export const readSyncRefused = (text: string) => read<SyncRefusal[]>("SourceSync.refused", text, "array");
/** SourceSync.skipped: what a source's fetch left out, with why. */
export const readSyncSkipped = (text: string) => read<{ path: string; reason: string }[]>("SourceSync.skipped", text, "array");
/** TriggerEvalRun.results: what each trigger test loaded and its verdict. */
export const readEvalResults = (text: string) => read<TriggerTestResult[]>("TriggerEvalRun.results", text, "array");
/** TriggerEvalRun.takes: other skills' requests the skill took. */
export const readEvalTakes = (text: string) => read<TakenQuery[]>("TriggerEvalRun.takes", text, "array");
