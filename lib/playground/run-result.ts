// What skill_run returns, as plain data: the shape (trpc-agent-go's field names), its parser and the
// timeouts. Nothing heavy is imported here, so the chat view reads results without bundling the
// tool itself (run-tool.ts counts tokens with the o200k tables).

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const MAX_TIMEOUT_SECONDS = 120;

/** The result as the model reads it (JSON text): trpc-agent-go's field names. */
export interface SkillRunResult {
  stdout: string;
  stderr: string;
  exit_code: number | null;
  timed_out: boolean;
  duration_ms: number;
  output_files: { name: string; mime_type: string; size_bytes: number; content?: string }[];
  warnings?: string[];
}

/** A skill_run output parsed back (the offline router, the chat view); null when it is not one. */
export function parseRunResult(output: unknown): SkillRunResult | null {
  if (typeof output !== "string" || !output.startsWith("{")) return null;
  try {
    const value = JSON.parse(output) as Partial<SkillRunResult>;
    if (typeof value.stdout !== "string" || typeof value.stderr !== "string" || !Array.isArray(value.output_files)) return null;
    return value as SkillRunResult;
  } catch {
    return null;
  }
}
