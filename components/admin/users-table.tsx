import Link from "next/link";
import { UsersIcon } from "lucide-react";
import type { AdminUser } from "@/lib/types/admin";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/shell/empty-state";
import { UserActions } from "./user-actions";
import { When } from "./when";

/** The accounts of one page; a row stacks into a card on a phone. */
export function UsersTable({ users, viewerId, activeAdmins }: { users: AdminUser[]; viewerId: string; activeAdmins: number }) {
  if (users.length === 0)
    return (
      <EmptyState
        icon={UsersIcon}
        title="No accounts match"
        action={
          <Link href="/admin" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Show every account
          </Link>
        }
      >
        Search by part of a name or an email address.
      </EmptyState>
    );
  return (
    <ul aria-label="Accounts" className="divide-y rounded-xl border">
      {users.map((user) => (
        <li key={user.id} className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="truncate font-medium">{user.name}</span>
              {user.role === "ADMIN" ? <Badge>Admin</Badge> : <Badge variant="secondary">User</Badge>}
              {user.disabledAt ? <Badge variant="destructive">Disabled</Badge> : null}
              {user.id === viewerId ? <Badge variant="outline">You</Badge> : null}
            </div>
            <span className="truncate text-sm text-muted-foreground">{user.email}</span>
            <span className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <span>
                {user.teamCount} team{user.teamCount === 1 ? "" : "s"}
              </span>
              <span>
                {user.activeTokenCount} active token{user.activeTokenCount === 1 ? "" : "s"}
              </span>
              <span>
                Last seen <When date={user.lastSeenAt} />
              </span>
              {user.disabledAt ? (
                <span>
                  Disabled <When date={user.disabledAt} />
                </span>
              ) : null}
              <Link href={`/admin/audit?actor=${encodeURIComponent(user.email)}`} className="underline-offset-4 hover:text-foreground hover:underline">
                Their activity
              </Link>
            </span>
          </div>
          <UserActions user={user} self={user.id === viewerId} lastAdmin={user.role === "ADMIN" && !user.disabledAt && activeAdmins <= 1} />
        </li>
      ))}
    </ul>
  );
}
