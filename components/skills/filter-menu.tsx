import Link from "next/link";
import type { CSSProperties, ReactNode } from "react";
import { CheckIcon, ChevronDownIcon } from "lucide-react";
import { cn } from "@/lib/utils";

export const chip =
  "inline-flex h-8 items-center gap-1.5 rounded-md border px-2.5 text-[13px] font-medium whitespace-nowrap shadow-xs transition-colors outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&_svg]:size-3.5 [&_svg]:shrink-0";
export const chipIdle = "border-border bg-background text-muted-foreground hover:bg-accent hover:text-foreground";
export const chipActive = "border-primary/40 bg-primary/10 text-foreground hover:bg-primary/15";

export interface FilterMenuItem {
  key: string;
  label: string;
  href: string;
  current: boolean;
  count?: number;
}

/**
 * A filter's menu of links as a native popover (light dismiss, Escape, top layer) anchored to its
 * button with CSS anchor positioning: no JavaScript, so the list page ships none for it. `resetKey`
 * changes with the URL, so a navigation from one of its links mounts it closed again.
 */
export function FilterMenu({
  id,
  icon,
  buttonText,
  buttonLabel,
  active,
  heading,
  any,
  items,
  empty,
  resetKey,
}: {
  id: string;
  icon: ReactNode;
  buttonText: string;
  buttonLabel: string;
  active: boolean;
  heading: string;
  /** The "no filter" entry. */
  any: FilterMenuItem;
  items: FilterMenuItem[];
  /** Said when there is nothing to choose. */
  empty?: string;
  resetKey: string;
}) {
  const anchor = `--${id}`;
  const item =
    "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:text-accent-foreground [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground";
  const entry = (choice: FilterMenuItem) => (
    <Link href={choice.href} className={item} aria-current={choice.current ? "true" : undefined}>
      <CheckIcon className={cn(!choice.current && "invisible")} aria-hidden />
      <span className="min-w-0 flex-1 truncate">{choice.label}</span>
      {choice.count !== undefined ? <span className="text-xs text-muted-foreground tabular-nums">{choice.count}</span> : null}
    </Link>
  );
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className={cn(chip, active ? chipActive : chipIdle)}
        style={{ anchorName: anchor } as CSSProperties}
        aria-label={buttonLabel}
      >
        {icon}
        {buttonText}
        <ChevronDownIcon className="opacity-60" aria-hidden />
      </button>
      <div
        key={resetKey}
        id={id}
        popover="auto"
        aria-label={heading}
        style={{ positionAnchor: anchor } as CSSProperties}
        className="max-h-80 w-64 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-md supports-[anchor-name:--x]:inset-auto supports-[anchor-name:--x]:top-[anchor(bottom)] supports-[anchor-name:--x]:left-[anchor(left)] supports-[anchor-name:--x]:m-0 supports-[anchor-name:--x]:mt-1.5"
      >
        <p className="px-2 py-1.5 text-xs font-medium text-muted-foreground">{heading}</p>
        <ul>
          <li>{entry(any)}</li>
          {items.length ? <li role="separator" className="-mx-1 my-1 h-px bg-border" /> : null}
          {items.map((choice) => (
            <li key={choice.key}>{entry(choice)}</li>
          ))}
        </ul>
        {!items.length && empty ? <p className="px-2 py-1.5 text-xs text-muted-foreground">{empty}</p> : null}
      </div>
    </>
  );
}
