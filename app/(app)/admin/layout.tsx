import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { PageHeader } from "@/components/shell/page-header";
import { requireViewer } from "@/lib/data/core";

export const metadata: Metadata = { title: { template: "%s · Administration", default: "Administration" } };

// Only instance admins learn the console exists. This check is for the page's frame; every read
// and write below authorizes again in the data layer.
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const viewer = await requireViewer();
  if (viewer.role !== "ADMIN") notFound();
  return (
    <div>
      <PageHeader title="Administration" description="Accounts, the audit trail and instance settings." />
      <AdminTabs />
      {children}
    </div>
  );
}
