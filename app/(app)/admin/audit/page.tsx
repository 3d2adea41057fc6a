import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditFilters } from "@/components/admin/audit-filters";
import { AuditList } from "@/components/admin/audit-list";
import { Pager } from "@/components/admin/pager";
import { listAuditActions, listAuditEvents } from "@/lib/data/admin";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/core";
import { auditCursorOf, auditFilterOf, auditQuery } from "@/lib/audit-query";

export const metadata: Metadata = { title: "Audit trail" };

export default async function AdminAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const viewer = await requireViewer();
  const params = await searchParams;
  const filter = auditFilterOf(params);
  const cursor = auditCursorOf(params);
  const [actions, page] = await Promise.all([
    listAuditActions(viewer),
    listAuditEvents(viewer, filter, { cursor }).catch((error: unknown) =>
      error instanceof DataError && error.code === "INVALID" ? error : Promise.reject(error),
    ),
  ]).catch((error: unknown) => {
    if (error instanceof DataError && error.code === "FORBIDDEN") notFound();
    throw error;
  });
  const filtered = Object.keys(filter).length > 0;
  return (
    <div className="grid gap-4">
      <AuditFilters filter={filter} actions={actions} />
      {page instanceof DataError ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {page.message}
        </p>
      ) : (
        <>
          <AuditList rows={page.items} filtered={filtered} />
          <Pager
            previous={cursor ? `/admin/audit?${auditQuery(filter)}` : null}
            next={page.nextCursor ? `/admin/audit?${auditQuery(filter, { cursor: page.nextCursor })}` : null}
            status={cursor ? "Older events" : "Newest first"}
            labels={["Newest", "Older"]}
          />
        </>
      )}
    </div>
  );
}
