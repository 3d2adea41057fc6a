import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SearchIcon } from "lucide-react";
import { Pager } from "@/components/admin/pager";
import { UsersTable } from "@/components/admin/users-table";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { listUsers, type UserStatusFilter } from "@/lib/data/admin";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/core";

export const metadata: Metadata = { title: "Users" };

const STATUSES: { value: UserStatusFilter; label: string }[] = [
  { value: "all", label: "Every account" },
  { value: "active", label: "Active" },
  { value: "disabled", label: "Disabled" },
  { value: "admins", label: "Instance admins" },
];

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function AdminUsersPage({ searchParams }: { searchParams: Search }) {
  const viewer = await requireViewer();
  const params = await searchParams;
  const q = one(params.q).trim();
  const status = (STATUSES.find((s) => s.value === one(params.status))?.value ?? "all") as UserStatusFilter;
  const result = await listUsers(viewer, { q, status, page: Number(one(params.page)) || 1 }).catch((error: unknown) => {
    if (error instanceof DataError && error.code === "FORBIDDEN") notFound();
    throw error;
  });
  const href = (page: number) => `/admin?${new URLSearchParams({ ...(q ? { q } : {}), ...(status !== "all" ? { status } : {}), page: String(page) })}`;
  return (
    <div className="grid gap-4">
      <form method="get" action="/admin" role="search" aria-label="Search accounts" className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <Label htmlFor="user-search">Search</Label>
          <Input id="user-search" name="q" type="search" defaultValue={q} placeholder="Name or email" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="user-status">Show</Label>
          <Select id="user-status" name="status" defaultValue={status}>
            {STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden /> Search
        </Button>
      </form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {result.total} account{result.total === 1 ? "" : "s"}
        {q ? ` matching “${q}”` : ""} · {result.activeAdmins} active admin{result.activeAdmins === 1 ? "" : "s"}
      </p>
      <UsersTable users={result.items} viewerId={viewer.id} activeAdmins={result.activeAdmins} />
      <Pager
        previous={result.page > 1 ? href(result.page - 1) : null}
        next={result.page < result.pages ? href(result.page + 1) : null}
        status={`Page ${result.page} of ${result.pages}`}
      />
    </div>
  );
}
