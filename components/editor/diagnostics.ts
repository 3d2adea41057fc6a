import type { Diagnostic } from "@codemirror/lint";
import type { Text } from "@codemirror/state";
import type { Finding } from "@/lib/skills/format/findings";

/**
 * The validator's findings as CodeMirror underlines: each finding with a line underlines that
 * line's text, from its first key. A nested finding (the `script:` of a tool in a list) starts after
 * the indent and any list dash, so the underline sits under the key at fault.
 */
export function diagnosticsFor(doc: Text, findings: readonly Finding[]): Diagnostic[] {
  return findings.flatMap((finding) => {
    if (finding.line === undefined) return [];
    // Findings arrive a moment after typing: a line past the end (text since deleted) lands on the last.
    const line = doc.line(Math.min(Math.max(finding.line, 1), doc.lines));
    const lead = /^\s*(?:-\s+)*/.exec(line.text)?.[0].length ?? 0;
    const from = lead === line.text.length ? line.from + (line.text.length - line.text.trimStart().length) : line.from + lead;
    return [{ from, to: Math.max(line.to, from), severity: finding.severity, message: finding.message, source: finding.field ?? finding.code }];
  });
}
