import Link from "next/link";
import { DownloadIcon, FilterIcon } from "lucide-react";
import type { AuditFilter } from "@/lib/types/admin";
import { auditQuery } from "@/lib/audit-query";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";

/** Action prefixes offered above the single actions: "every team change", and so on. */
function prefixesOf(actions: string[]): string[] {
  return [...new Set(actions.map((action) => `${action.split(".")[0]}.`))].sort();
}

/** The trail's filters as a plain GET form: the URL holds them, so a filtered view can be shared and exported as shown. */
export function AuditFilters({ filter, actions }: { filter: AuditFilter; actions: string[] }) {
  const field = "grid gap-1.5";
  const exportHref = (format: "csv" | "jsonl") => `/api/admin/audit?${auditQuery(filter, { format })}`;
  return (
    <form method="get" action="/admin/audit" role="search" aria-label="Filter the audit trail" className="grid gap-4 rounded-xl border p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div className={field}>
          <Label htmlFor="audit-actor">Actor</Label>
          <Input id="audit-actor" name="actor" defaultValue={filter.actor} placeholder="Email or name" />
        </div>
        <div className={field}>
          <Label htmlFor="audit-skill">Skill</Label>
          <Input id="audit-skill" name="skill" defaultValue={filter.skill} placeholder="Name or id" />
        </div>
        <div className={field}>
          <Label htmlFor="audit-team">Team</Label>
          <Input id="audit-team" name="team" defaultValue={filter.team} placeholder="Name or id" />
        </div>
        <div className={field}>
          <Label htmlFor="audit-action">Action</Label>
          <Select id="audit-action" name="action" defaultValue={filter.action ?? ""} className="w-full">
            <option value="">Any action</option>
            <optgroup label="Every action of a kind">
              {prefixesOf(actions).map((prefix) => (
                <option key={prefix} value={prefix}>
                  {prefix}*
                </option>
              ))}
            </optgroup>
            <optgroup label="One action">
              {actions.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </optgroup>
          </Select>
        </div>
        <div className={field}>
          <Label htmlFor="audit-from">From (UTC)</Label>
          <Input id="audit-from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className={field}>
          <Label htmlFor="audit-to">To (UTC)</Label>
          <Input id="audit-to" name="to" type="date" defaultValue={filter.to} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit">
          <FilterIcon aria-hidden /> Apply filters
        </Button>
        <Button variant="ghost" asChild>
          <Link href="/admin/audit">Clear</Link>
        </Button>
        <span className="ml-auto flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={exportHref("csv")} download>
              <DownloadIcon aria-hidden /> Export CSV
            </a>
          </Button>
          <Button variant="outline" asChild>
            <a href={exportHref("jsonl")} download>
              <DownloadIcon aria-hidden /> JSON lines
            </a>
          </Button>
        </span>
      </div>
    </form>
  );
}
