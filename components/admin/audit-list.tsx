import Link from "next/link";
import { ScrollTextIcon } from "lucide-react";
import type { AuditRow } from "@/lib/types/admin";
import { auditDetailPairs } from "@/lib/labels";
import { EmptyState } from "@/components/shell/empty-state";
import { When } from "./when";

const link = "font-medium underline-offset-4 hover:underline";
// What an event is about reads as a link at a glance; the actor, first in the line, as a name.
const subjectLink = `${link} text-primary`;

function Actor({ actor }: { actor: AuditRow["actor"] }) {
  if (!actor) return <span className="text-muted-foreground">Skillshelf</span>;
  if (!actor.email) return <span className="text-muted-foreground">deleted account {actor.id}</span>;
  return (
    <Link href={`/admin?q=${encodeURIComponent(actor.email)}`} className={link} title={actor.email}>
      {actor.name}
    </Link>
  );
}

/** What the event is about, each a link to where it can be seen now (a deleted skill only by name). */
function Subjects({ row }: { row: AuditRow }) {
  const parts: React.ReactNode[] = [];
  if (row.skill) {
    const label = `${row.skill.name ?? row.skill.id}${row.skill.version ? ` v${row.skill.version}` : ""}`;
    parts.push(
      row.skill.exists ? (
        <Link key="skill" href={`/skills/${row.skill.id}`} className={subjectLink}>
          {label}
        </Link>
      ) : (
        <span key="skill" title="This skill has been deleted">
          {label} <span className="text-muted-foreground">(deleted)</span>
        </span>
      ),
    );
  }
  if (row.team)
    parts.push(
      <Link key="team" href={`/teams/${row.team.id}`} className={subjectLink}>
        team {row.team.name ?? row.team.id}
      </Link>,
    );
  if (row.subject)
    parts.push(
      <Link
        key="user"
        href={`/admin?q=${encodeURIComponent(row.subject.email ?? row.subject.id)}`}
        className={subjectLink}
        title={row.subject.email ?? undefined}
      >
        {row.subject.name ?? row.subject.email ?? row.subject.id}
      </Link>,
    );
  if (row.request)
    parts.push(
      <Link key="request" href={`/reviews/${encodeURIComponent(row.request.id)}`} className={subjectLink}>
        review request
      </Link>,
    );
  if (!parts.length) return null;
  return <span className="flex min-w-0 flex-wrap gap-x-3 gap-y-1 [overflow-wrap:anywhere]">{parts}</span>;
}

export function AuditList({ rows, filtered }: { rows: AuditRow[]; filtered: boolean }) {
  if (rows.length === 0)
    return (
      <EmptyState icon={ScrollTextIcon} title={filtered ? "No events match these filters" : "Nothing has happened yet"}>
        {filtered ? "Widen the dates or clear a filter." : "Uploads, moves, team and account changes appear here as they happen."}
      </EmptyState>
    );
  return (
    <ol aria-label="Audit events" className="divide-y rounded-xl border">
      {rows.map((row) => {
        const more = row.summary ?? auditDetailPairs(row.action, row.detail);
        return (
          // minmax(0, 1fr) on a phone too: a long detail wraps instead of widening the page.
          <li key={row.id} className="grid grid-cols-[minmax(0,1fr)] gap-1.5 p-4 text-sm sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
            <span className="text-xs text-muted-foreground tabular-nums sm:pt-0.5">
              <When date={row.createdAt} />
            </span>
            <div className="grid min-w-0 gap-1">
              <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <Actor actor={row.actor} />
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{row.action}</code>
                <Subjects row={row} />
              </span>
              {more ? <span className="text-muted-foreground [overflow-wrap:anywhere]">{more}</span> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
