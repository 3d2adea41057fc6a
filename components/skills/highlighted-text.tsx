import { focusOnMatch } from "@/lib/skills/list/search";
import type { TextSegment } from "@/lib/types/skills";

/**
 * Text with search matches in <mark>; segments are plain strings, so React escapes them. With
 * `focus`, a match deep in long text is brought to the front (for text clamped to a few lines).
 */
export function HighlightedText({ segments, text, focus = false }: { segments?: TextSegment[] | null; text: string; focus?: boolean }) {
  if (!segments?.length) return text;
  return (focus ? focusOnMatch(segments) : segments).map((segment, index) =>
    segment.match ? (
      <mark key={index} className="rounded-[3px] bg-amber-200/80 px-px text-inherit dark:bg-amber-400/25 dark:text-amber-50">
        {segment.text}
      </mark>
    ) : (
      segment.text
    ),
  );
}
