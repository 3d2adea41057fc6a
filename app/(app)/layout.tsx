import { Suspense } from "react";
import Link from "next/link";
import { BellLink } from "@/components/notifications/notification-bell";
import { InboxNavBadge } from "@/components/reviews/inbox-nav-badge";
import { Logo } from "@/components/shell/logo";
import { NavLinks } from "@/components/shell/nav-links";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { UserMenu } from "@/components/shell/user-menu";
import { countHeaderBadges, type HeaderCounts } from "@/lib/data/reviews";
import { requireViewer, type Viewer } from "@/lib/data/core";

/**
 * The header's figures in one read, for the review badge and the bell. A failure to count leaves
 * the link without a badge and the bell without a figure rather than failing every page of the app
 * (the inbox itself reports it).
 */
function readHeaderCounts(viewer: Viewer): Promise<HeaderCounts | null> {
  return countHeaderBadges(viewer).catch((error: unknown) => {
    console.error("Counting review requests and unread notifications for the header failed", error);
    return null;
  });
}

/** The review inbox's counts, streamed into the bar. */
async function ReviewCounts({ counts }: { counts: Promise<HeaderCounts | null> }) {
  const read = await counts;
  return read ? <InboxNavBadge counts={read.reviews} /> : null;
}

/** The bell's unread count. */
async function NotificationBell({ counts }: { counts: Promise<HeaderCounts | null> }) {
  const read = await counts;
  return <BellLink unread={read?.unreadNotifications ?? 0} />;
}

export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireViewer();
  // Started once and shared by the two streamed parts of the bar.
  const counts = readHeaderCounts(viewer);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        {/* At phone width (390 px) the mark, three links, the review icon and two buttons fit only with the name hidden and tighter gaps. */}
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-6 sm:px-6">
          <Link href="/skills" className="shrink-0 rounded-md outline-none focus-visible:ring-3 focus-visible:ring-ring/50">
            <Logo compactOnPhone />
          </Link>
          <NavLinks
            admin={viewer.role === "ADMIN"}
            reviewCounts={
              <Suspense fallback={null}>
                <ReviewCounts counts={counts} />
              </Suspense>
            }
          />
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <Suspense fallback={<BellLink unread={0} />}>
              <NotificationBell counts={counts} />
            </Suspense>
            <ThemeToggle />
            <UserMenu name={viewer.name} email={viewer.email} admin={viewer.role === "ADMIN"} />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
