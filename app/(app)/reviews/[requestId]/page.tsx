import { cache, Suspense } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReviewSkeleton } from "@/components/reviews/review-skeleton";
import { ReviewView } from "@/components/reviews/review-view";
import { getReviewRequest, reviewRequestHead } from "@/lib/data/reviews";
import { requireViewer } from "@/lib/data/core";

// The cheap check (request visible, revision exists) runs before anything streams, so a missing or
// hidden request answers 404; the files and their diff stream in behind a skeleton.

type Props = { params: Promise<{ requestId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** ?revision=N: an earlier revision; absent: the latest; anything else: 404. */
function parseRevision(raw: string | string[] | undefined): number | null | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === "") return undefined;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

const loadHead = cache(async (requestId: string, revision: number | undefined, since: number | undefined) =>
  reviewRequestHead(await requireViewer(), requestId, { revision, since }),
);

async function resolve({ params, searchParams }: Props) {
  const { requestId } = await params;
  const query = await searchParams;
  // ?since=N: the diff from revision N's version instead of the base ("changes since your last review").
  const revision = parseRevision(query.revision);
  const since = parseRevision(query.since);
  if (revision === null || since === null) return null;
  const head = await loadHead(requestId, revision, since);
  return head ? { requestId, revision, since, head } : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const found = await resolve(props);
  return { title: found ? `${found.head.title} · Review · ${found.head.skillName}` : "Review request not found" };
}

async function Review({ requestId, revision, since }: { requestId: string; revision: number | undefined; since: number | undefined }) {
  const request = await getReviewRequest(await requireViewer(), requestId, { revision, since });
  // Withdrawn from view between the check above and now: say so rather than show a half page.
  if (!request) return <p className="text-sm text-muted-foreground">This review request is no longer available. Reload the page.</p>;
  return <ReviewView request={request} />;
}

export default async function Page(props: Props) {
  const found = await resolve(props);
  if (!found) notFound();
  return (
    <Suspense key={`${found.requestId}-${found.revision ?? "latest"}-${found.since ?? "base"}`} fallback={<ReviewSkeleton />}>
      <Review requestId={found.requestId} revision={found.revision} since={found.since} />
    </Suspense>
  );
}
