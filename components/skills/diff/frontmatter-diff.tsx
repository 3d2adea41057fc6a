"use client";
import type { FrontmatterChange, Range } from "@/lib/skills/diff/diff";
import type { FrontmatterValue } from "@/lib/skills/format/skill-md";
import { cn } from "@/lib/utils";

const FIELD_STATUS: Record<FrontmatterChange["status"], string> = { added: "Added", removed: "Removed", changed: "Changed" };

export function FrontmatterDiff({ fields, beforeLabel, afterLabel }: { fields: FrontmatterChange[]; beforeLabel: string; afterLabel: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" aria-label="Frontmatter changes" data-testid="frontmatter-diff">
        <caption className="px-3 pt-2 pb-1 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">Frontmatter</caption>
        <thead>
          <tr className="border-y bg-muted/40 text-left text-xs text-muted-foreground">
            <th scope="col" className="w-40 px-3 py-1.5 font-medium">
              Field
            </th>
            <th scope="col" className="px-3 py-1.5 font-medium">
              {beforeLabel}
            </th>
            <th scope="col" className="px-3 py-1.5 font-medium">
              {afterLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.key} className="border-b align-top last:border-b-0">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <code className="font-mono text-[13px] font-medium">{f.key}</code>
                <span className="mt-0.5 block text-xs text-muted-foreground">{FIELD_STATUS[f.status]}</span>
              </th>
              <td className={cn("px-3 py-2", f.status !== "added" && "bg-[var(--diff-del-bg)]")}>
                {f.status === "added" ? (
                  <span className="text-muted-foreground italic">not set</span>
                ) : (
                  <FieldValue value={f.before!} marks={f.marks?.before} side="old" />
                )}
              </td>
              <td className={cn("px-3 py-2", f.status !== "removed" && "bg-[var(--diff-add-bg)]")}>
                {f.status === "removed" ? (
                  <span className="text-muted-foreground italic">not set</span>
                ) : (
                  <FieldValue value={f.after!} marks={f.marks?.after} side="new" />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FieldValue({ value, marks, side }: { value: FrontmatterValue; marks?: Range[]; side: "old" | "new" }) {
  if (typeof value === "string") {
    if (value === "") return <span className="text-muted-foreground italic">empty</span>;
    if (!marks?.length) return <span className="whitespace-pre-wrap">{value}</span>;
    const Tag = side === "old" ? "del" : "ins";
    const parts: React.ReactNode[] = [];
    let at = 0;
    marks.forEach((m, i) => {
      if (m.start > at) parts.push(value.slice(at, m.start));
      parts.push(
        <Tag key={i} className="diff-word">
          {value.slice(m.start, m.end)}
        </Tag>,
      );
      at = m.end;
    });
    if (at < value.length) parts.push(value.slice(at));
    return <span className="whitespace-pre-wrap">{parts}</span>;
  }
  if (value === null || typeof value !== "object") return <code className="font-mono text-[13px]">{String(value)}</code>;
  return <pre className="font-mono text-[12.5px] leading-relaxed whitespace-pre-wrap">{JSON.stringify(value, null, 2)}</pre>;
}
