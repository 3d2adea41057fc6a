"use client";
import Link from "next/link";
import { BellIcon } from "lucide-react";

/**
 * The header's bell: a link to the notification centre with the unread count. A client component so
 * that every page's payload carries its count, not its tree and icon.
 */
export function BellLink({ unread }: { unread: number }) {
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      className="relative inline-flex size-9 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
      data-testid="notification-bell"
    >
      <BellIcon aria-hidden className="size-4" />
      {unread ? (
        <span
          className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 font-medium text-primary-foreground tabular-nums"
          aria-hidden
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
