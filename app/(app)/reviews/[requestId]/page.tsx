import { cache, Suspense } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReviewSkeleton } from "@/components/reviews/review-skeleton";
import { ReviewView } from "@/components/reviews/review-view";
import { getReviewRequest, reviewRequestHead } from "@/lib/data/reviews";
import { requireViewer } from "@/lib/data/session";

// The cheap check (request visible, revision exists) runs before anything streams, so a missing or
// hidden request answers 404; the files and their diff stream in behind a skeleton.

type Props = { params: Promise<{ requestId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** ?revision=N: an earlier revision; absent: the latest; anything else: 404. */
function parseRevision(raw: string | string[] | undefined): number | null | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === "") return undefined;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

const loadHead = cache(async (requestId: string, revision: number | undefined) => reviewRequestHead(await requireViewer(), requestId, { revision }));

async function resolve({ params, searchParams }: Props) {
  const { requestId } = await params;
  const revision = parseRevision((await searchParams).revision);
  if (revision === null) return null;
  const head = await loadHead(requestId, revision);
  return head ? { requestId, revision, head } : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const found = await resolve(props);
  return { title: found ? `${found.head.title} · Review · ${found.head.skillName}` : "Review request not found" };
}

async function Review({ requestId, revision }: { requestId: string; revision: number | undefined }) {
  const request = await getReviewRequest(await requireViewer(), requestId, { revision });
  // Withdrawn from view between the check above and now: say so rather than show a half page.
  if (!request) return <p className="text-sm text-muted-foreground">This review request is no longer available. Reload the page.</p>;
  return <ReviewView request={request} />;
}

export default async function Page(props: Props) {
  const found = await resolve(props);
  if (!found) notFound();
  return (
    <Suspense key={`${found.requestId}-${found.revision ?? "latest"}`} fallback={<ReviewSkeleton />}>
      <Review requestId={found.requestId} revision={found.revision} />
    </Suspense>
  );
}
