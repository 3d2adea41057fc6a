import Link from "next/link";
import { TagIcon } from "lucide-react";

const tagChip =
  "inline-flex items-center gap-1 rounded-full border bg-muted/50 px-2 py-0.5 text-xs font-medium text-foreground/80 outline-none hover:border-primary/40 hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50 [&_svg]:size-3";

/** A skill's tags as links to the list filtered by each. */
export function TagLinks({ tags }: { tags: readonly string[] }) {
  return tags.map((tag) => (
    <Link key={tag} href={`/skills?tag=${encodeURIComponent(tag)}`} className={tagChip} aria-label={`Tag ${tag}: skills tagged ${tag}`}>
      <TagIcon aria-hidden className="text-muted-foreground" />
      {tag}
    </Link>
  ));
}
