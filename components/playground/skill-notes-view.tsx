import { ChevronRightIcon, WrenchIcon } from "lucide-react";
import type { CatalogEntry } from "@/lib/types/playground";
import { cn } from "@/lib/utils";
import { skillNotes, skillNotesSummary, type SkillNote } from "./skill-notes";

const noteClass: Record<SkillNote["kind"], string> = {
  explicit: "text-muted-foreground",
  hidden: "text-muted-foreground",
  tools: "text-foreground",
  withheld: "text-amber-700 dark:text-amber-400",
};

/** A skill's notes as one wrapping line of small text (nothing when it has none); `id` lets a control point at them. */
export function SkillNoteLine({ entry, id, className }: { entry: CatalogEntry; id?: string; className?: string }) {
  const notes = skillNotes(entry);
  if (!notes.length) return null;
  return (
    <ul id={id} className={cn("flex flex-wrap gap-x-2 gap-y-0.5 text-[11px] leading-snug", className)}>
      {notes.map((note) => (
        <li key={note.kind} className={cn("min-w-0 break-words", noteClass[note.kind])} data-note={note.kind}>
          {note.kind === "tools" ? <WrenchIcon aria-hidden className="mr-0.5 inline size-3 align-[-2px]" /> : null}
          {note.text}
        </li>
      ))}
    </ul>
  );
}

/** The offered skills that bind tools, have tools withheld or limit how they are invoked: collapsed, with counts in the summary. */
export function SkillNotesList({ entries }: { entries: CatalogEntry[] }) {
  const noted = entries.filter((entry) => skillNotes(entry).length > 0);
  if (!noted.length) return null;
  return (
    <details className="group text-sm">
      <summary className="flex cursor-pointer list-none items-start gap-1.5 rounded text-xs text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon className="mt-px size-3.5 shrink-0 transition-transform group-open:rotate-90" aria-hidden />
        <WrenchIcon className="mt-px size-3.5 shrink-0" aria-hidden />
        <span>Tools and invocation: {skillNotesSummary(noted)}</span>
      </summary>
      <ul className="mt-2 grid gap-1.5" aria-label="Skills with tools or invocation limits">
        {noted.map((entry) => (
          <li key={entry.skillId} className="rounded-md border px-2.5 py-1.5 text-xs">
            <span className="font-mono font-medium">{entry.name}</span> <span className="text-muted-foreground">({entry.place})</span>
            <SkillNoteLine entry={entry} className="mt-0.5" />
          </li>
        ))}
      </ul>
    </details>
  );
}
