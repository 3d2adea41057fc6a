import type { Metadata } from "next";
import Link from "next/link";
import { InboxIcon } from "lucide-react";
import { InboxList } from "@/components/reviews/inbox-list";
import { InboxSkillFilter, InboxStateFilter, InboxTabs } from "@/components/reviews/inbox-filters";
import { InboxPagination } from "@/components/reviews/inbox-pagination";
import { emptyInboxText } from "@/components/reviews/inbox-text";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { listReviewRequests } from "@/lib/data/reviews";
import { requireViewer } from "@/lib/data/core";
import { reviewInboxHref, reviewInboxParams } from "@/lib/skills/review-requests/inbox-url";

export const metadata: Metadata = { title: "Review requests" };

const PAGE_SIZE = 25;

export default async function ReviewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireViewer();
  const params = reviewInboxParams.parse(await searchParams);
  const list = await listReviewRequests(viewer, { box: params.box, state: params.state, skillId: params.skill, page: params.page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const empty = emptyInboxText(params.box, params.state, !!params.skill);
  // The filter names its skill from a row; an empty page falls back to "this skill".
  const skillName = params.skill ? (list.items.find((item) => item.skill.id === params.skill)?.skill.name ?? null) : null;

  return (
    <>
      <PageHeader title="Review requests" description="Proposed changes to shared skills: approve them before agents see them." />
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <InboxTabs params={params} counts={list.counts} />
        <div className="flex flex-wrap items-center gap-2">
          <InboxSkillFilter params={params} skillName={skillName} />
          <InboxStateFilter params={params} />
        </div>
      </div>
      {list.items.length ? (
        <>
          <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
            {list.total} {list.total === 1 ? "request" : "requests"}
            {pages > 1 ? `, page ${Math.min(params.page, pages)} of ${pages}` : ""}
          </p>
          <InboxList requests={list.items} />
          <InboxPagination params={params} pages={pages} />
        </>
      ) : list.total > 0 ? (
        // Past the last page (an old link): say so and offer the first.
        <EmptyState icon={InboxIcon} title="No requests on this page" action={<Link href={reviewInboxHref(params, { page: 1 })}>Go to the first page</Link>}>
          The list has {list.total} {list.total === 1 ? "request" : "requests"}, fewer than this page would start at.
        </EmptyState>
      ) : (
        <EmptyState
          icon={InboxIcon}
          title={empty.title}
          action={
            params.box !== "all" || params.state !== "all" ? (
              <Link
                href={reviewInboxHref(params, { box: "all", state: "all" })}
                className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Show every request you can see
              </Link>
            ) : undefined
          }
        >
          {empty.body}
        </EmptyState>
      )}
    </>
  );
}
