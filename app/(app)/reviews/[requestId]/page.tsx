import { cache } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReviewView } from "@/components/reviews/review-view";
import { getReviewRequest } from "@/lib/data/reviews";
import { requireViewer } from "@/lib/data/session";

type Props = { params: Promise<{ requestId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** ?revision=N: an earlier revision; absent: the latest; anything else: 404. */
function parseRevision(raw: string | string[] | undefined): number | null | undefined {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === "") return undefined;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

const load = cache(async (requestId: string, revision: number | undefined) => getReviewRequest(await requireViewer(), requestId, { revision }));

async function resolve({ params, searchParams }: Props) {
  const { requestId } = await params;
  const revision = parseRevision((await searchParams).revision);
  return revision === null ? null : load(requestId, revision);
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const request = await resolve(props);
  return { title: request ? `${request.title} · Review · ${request.skill.name}` : "Review request not found" };
}

export default async function Page(props: Props) {
  const request = await resolve(props);
  if (!request) notFound();
  return <ReviewView request={request} />;
}
