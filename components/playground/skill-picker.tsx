import { useMemo } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { CatalogEntry } from "@/lib/types/playground";
import { skillNotes } from "./skill-notes";
import { SkillNoteLine } from "./skill-notes-view";

/** The hand-picked catalog: a filterable checklist of skills, and a way to keep the pick as a profile. */
export function SkillPicker({
  entries,
  picked,
  filter,
  onFilter,
  onToggle,
  onSaveAsProfile,
}: {
  entries: CatalogEntry[];
  picked: Set<string>;
  // The filter lives with the caller so it survives switching to another catalog source and back.
  filter: string;
  onFilter: (filter: string) => void;
  onToggle: (skillId: string, on: boolean) => void;
  onSaveAsProfile: () => void;
}) {
  const shownEntries = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return entries.filter((e) => !q || e.name.includes(q) || e.description.toLowerCase().includes(q));
  }, [entries, filter]);

  return (
    <div className="grid gap-2">
      <Input
        type="search"
        placeholder="Filter skills"
        aria-label="Filter skills to pick"
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
        className="h-8"
      />
      <ul className="max-h-56 divide-y overflow-auto rounded-md border" aria-label="Skills to offer">
        {shownEntries.map((entry) => (
          <li key={entry.skillId} className="flex flex-wrap items-center gap-x-2.5 px-2.5 py-1.5 text-sm">
            <input
              id={`offer-${entry.skillId}`}
              type="checkbox"
              checked={picked.has(entry.skillId)}
              onChange={(e) => onToggle(entry.skillId, e.target.checked)}
              aria-describedby={skillNotes(entry).length ? `offer-${entry.skillId}-notes` : undefined}
              className="size-4 accent-primary"
            />
            <label htmlFor={`offer-${entry.skillId}`} className="min-w-0 flex-1 cursor-pointer truncate font-mono text-xs" title={entry.description}>
              {entry.name}
            </label>
            {entry.reviewStatus === "needs_review" ? (
              <Badge variant="outline" className="border-amber-500/40 text-[11px] font-normal text-amber-700 dark:text-amber-400">
                needs review
              </Badge>
            ) : null}
            <span className="text-[11px] text-muted-foreground">{entry.place}</span>
            {/* Under the name, past the checkbox: how it may be invoked and the tools it binds here. */}
            <SkillNoteLine entry={entry} id={`offer-${entry.skillId}-notes`} className="basis-full pl-6.5" />
          </li>
        ))}
        {shownEntries.length === 0 ? <li className="px-3 py-4 text-center text-xs text-muted-foreground">No skill matches.</li> : null}
      </ul>
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{picked.size} picked</span>
        <Button type="button" size="sm" variant="outline" disabled={picked.size === 0} onClick={onSaveAsProfile}>
          Save as profile
        </Button>
      </div>
    </div>
  );
}
