import Link from "next/link";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { cn } from "@/lib/utils";

const item =
  "inline-flex h-8 items-center justify-center gap-1 rounded-md px-2 text-sm transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50";

/** Previous / next links for the console's lists; a missing href shows the edge as unavailable. */
export function Pager({
  previous,
  next,
  status,
  labels = ["Previous", "Next"],
}: {
  previous: string | null;
  next: string | null;
  status?: string;
  labels?: [string, string];
}) {
  if (!previous && !next) return null;
  const edge = (href: string | null, label: string, rel: "prev" | "next") => {
    const content =
      rel === "prev" ? (
        <>
          <ChevronLeftIcon aria-hidden className="size-4" />
          {label}
        </>
      ) : (
        <>
          {label}
          <ChevronRightIcon aria-hidden className="size-4" />
        </>
      );
    return href ? (
      <Link href={href} rel={rel} className={cn(item, "text-muted-foreground hover:bg-accent hover:text-foreground")}>
        {content}
      </Link>
    ) : (
      <span aria-disabled="true" className={cn(item, "text-muted-foreground/50")}>
        {content}
      </span>
    );
  };
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-center gap-3">
      {edge(previous, labels[0], "prev")}
      {status ? <span className="text-sm text-muted-foreground tabular-nums">{status}</span> : null}
      {edge(next, labels[1], "next")}
    </nav>
  );
}
