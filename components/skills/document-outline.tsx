"use client";
import type { OutlineItem } from "@/components/skills/markdown/render-markdown";
import { cn } from "@/lib/utils";

/**
 * "On this page": the headings of the document shown. A client component given only the items, so a
 * long document's outline is rendered once, for the HTML, instead of also encoded into the payload.
 */
export function DocumentOutline({ items }: { items: OutlineItem[] }) {
  return (
    <nav aria-label="On this page" className="hidden xl:sticky xl:top-20 xl:block xl:max-h-[calc(100dvh-6rem)] xl:overflow-y-auto">
      <h2 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">On this page</h2>
      <ul className="grid gap-1 border-l text-[13px]">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className={cn(
                "-ml-px block border-l border-transparent py-0.5 leading-snug text-muted-foreground outline-none hover:border-foreground/40 hover:text-foreground focus-visible:text-foreground focus-visible:underline",
                item.depth <= 2 ? "pl-3" : "pl-6",
              )}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
