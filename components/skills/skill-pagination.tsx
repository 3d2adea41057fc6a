import Link from "next/link";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import type { SkillListParams } from "@/lib/skills/list/inputs";
import { pageWindow, skillListHref } from "@/lib/skills/list/url";
import { cn } from "@/lib/utils";

const item =
  "inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-md px-2 text-sm tabular-nums transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50";

export function SkillPagination({ params, page, pages }: { params: SkillListParams; page: number; pages: number }) {
  if (pages <= 1) return null;
  const edge = (target: number, label: "Previous" | "Next", disabled: boolean) => {
    const content =
      label === "Previous" ? (
        <>
          <ChevronLeftIcon className="size-4" aria-hidden />
          {label}
        </>
      ) : (
        <>
          {label}
          <ChevronRightIcon className="size-4" aria-hidden />
        </>
      );
    return disabled ? (
      <span className={cn(item, "text-muted-foreground/50")} aria-disabled="true">
        {content}
      </span>
    ) : (
      <Link
        href={skillListHref(params, { page: target })}
        className={cn(item, "text-muted-foreground hover:bg-accent hover:text-foreground")}
        rel={label === "Previous" ? "prev" : "next"}
      >
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {edge(page - 1, "Previous", page <= 1)}
      {pageWindow(page, pages).map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} className={cn(item, "text-muted-foreground")} aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={n}
            href={skillListHref(params, { page: n })}
            aria-label={`Page ${n}`}
            aria-current={n === page ? "page" : undefined}
            className={cn(
              item,
              n === page ? "bg-primary font-medium text-primary-foreground shadow-xs" : "text-muted-foreground hover:bg-accent hover:text-foreground",
            )}
          >
            {n}
          </Link>
        ),
      )}
      {edge(page + 1, "Next", page >= pages)}
    </nav>
  );
}
