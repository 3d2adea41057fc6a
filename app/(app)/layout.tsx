import { Suspense } from "react";
import { BellLink } from "@/components/notifications/notification-bell";
import { InboxNavBadge } from "@/components/reviews/inbox-nav-badge";
import { AppHeader } from "@/components/shell/app-header";
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
      <AppHeader
        admin={viewer.role === "ADMIN"}
        name={viewer.name}
        email={viewer.email}
        reviewCounts={
          <Suspense fallback={null}>
            <ReviewCounts counts={counts} />
          </Suspense>
        }
        bell={
          <Suspense fallback={<BellLink unread={0} />}>
            <NotificationBell counts={counts} />
          </Suspense>
        }
      />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
