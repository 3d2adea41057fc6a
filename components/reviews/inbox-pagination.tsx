import Link from "next/link";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { reviewInboxHref, type ReviewInboxParams } from "@/lib/skills/review-requests/inbox-url";
import { pageWindow } from "@/lib/skills/list/url";
import { cn } from "@/lib/utils";

const item =
  "inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-md px-2 text-sm tabular-nums transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50";
const idle = "text-muted-foreground hover:bg-accent hover:text-foreground";

export function InboxPagination({ params, pages }: { params: ReviewInboxParams; pages: number }) {
  if (pages <= 1) return null;
  const page = Math.min(params.page, pages);
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link href={reviewInboxHref(params, { page: page - 1 })} rel="prev" className={cn(item, idle)}>
          <ChevronLeftIcon aria-hidden className="size-4" /> Previous
        </Link>
      ) : null}
      {pageWindow(page, pages).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} aria-hidden className={cn(item, "text-muted-foreground")}>
            …
          </span>
        ) : (
          <Link
            key={n}
            href={reviewInboxHref(params, { page: n })}
            aria-label={`Page ${n}`}
            aria-current={n === page ? "page" : undefined}
            className={cn(item, n === page ? "bg-primary font-medium text-primary-foreground shadow-xs" : idle)}
          >
            {n}
          </Link>
        ),
      )}
      {page < pages ? (
        <Link href={reviewInboxHref(params, { page: page + 1 })} rel="next" className={cn(item, idle)}>
          Next <ChevronRightIcon aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
