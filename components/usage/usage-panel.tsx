import Link from "next/link";
import { USAGE_CHANNEL_LABELS, USAGE_CHANNELS } from "@/lib/skills/usage/events";
import type { SkillUsage } from "@/lib/types/usage";
import { UsageChart } from "./usage-chart";

// The skill page's Usage tab: who got this skill, how, which versions and which files.

function Stat({ label, value, note }: { label: string; value: number | string; note?: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

export function UsagePanel({ usage, href }: { usage: SkillUsage; href: (days: 30 | 90) => string }) {
  const total = Object.values(usage.totals).reduce((n, v) => n + (v ?? 0), 0);
  const loads = (["load", "mcp-load", "download", "sync", "discovery", "feed", "clawhub", "run"] as const).reduce((n, c) => n + (usage.totals[c] ?? 0), 0);
  return (
    <section aria-labelledby="usage-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="usage-title" className="text-lg font-semibold">
          Usage, last {usage.days} days
        </h2>
        <nav aria-label="Period" className="flex gap-1 rounded-lg border p-0.5 text-sm">
          {([30, 90] as const).map((d) => (
            <Link
              key={d}
              href={href(d)}
              aria-current={usage.days === d ? "page" : undefined}
              className="rounded-md px-2.5 py-1 outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 aria-[current=page]:bg-muted aria-[current=page]:font-medium"
            >
              {d} days
            </Link>
          ))}
        </nav>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Loads and installs" value={loads} />
        <Stat label="All events" value={total} />
        <Stat label="People" value={usage.attribution ? usage.distinctUsers : "–"} note={usage.attribution ? undefined : "attribution is off"} />
        <Stat label="Access tokens" value={usage.attribution ? usage.distinctTokens : "–"} />
      </dl>

      {total === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          Nobody has used this skill in the last {usage.days} days. Loads in the playground or over MCP, downloads, installs by the sync CLI, delivery links and
          ClawHub all count here.
        </p>
      ) : (
        <UsageChart daily={usage.daily} label={`Events per day over the last ${usage.days} days`} />
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-semibold">Versions in use</h3>
          {usage.versions.length ? (
            <table className="w-full text-left text-sm tabular-nums">
              <thead className="text-xs text-muted-foreground">
                <tr className="border-b">
                  <th scope="col" className="py-1 font-medium">
                    Version
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Loads
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Installs
                  </th>
                </tr>
              </thead>
              <tbody>
                {usage.versions.map((v) => (
                  <tr key={v.version} className="border-b last:border-0">
                    <th scope="row" className="py-1 font-normal">
                      v{v.version}{" "}
                      {v.current ? (
                        <span className="text-xs text-muted-foreground">(current)</span>
                      ) : (
                        <span className="text-xs text-amber-700 dark:text-amber-300">(behind v{usage.currentVersion})</span>
                      )}
                    </th>
                    <td className="py-1">{v.loads}</td>
                    <td className="py-1">{v.installs}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted-foreground">No version was loaded or installed in this period.</p>
          )}
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-semibold">Files read</h3>
          {usage.files.length ? (
            <ol className="grid gap-1 text-sm">
              {usage.files.map((f) => (
                <li key={f.path} className="flex justify-between gap-3 border-b py-1 last:border-0">
                  <code className="min-w-0 truncate text-xs">{f.path}</code>
                  <span className="shrink-0 tabular-nums">{f.reads}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-muted-foreground">No resource file was read in this period.</p>
          )}
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-semibold">By channel</h3>
          <ul className="grid gap-1 text-sm">
            {USAGE_CHANNELS.filter((c) => usage.totals[c]).map((c) => (
              <li key={c} className="flex justify-between gap-3 border-b py-1 last:border-0">
                <span>{USAGE_CHANNEL_LABELS[c]}</span>
                <span className="tabular-nums">{usage.totals[c]}</span>
              </li>
            ))}
          </ul>
        </div>
        {usage.people ? (
          <div className="grid content-start gap-2">
            <h3 className="text-sm font-semibold">People</h3>
            <p className="text-xs text-muted-foreground">Shown to those who manage this skill and to instance admins.</p>
            {usage.people.length ? (
              <ol className="grid gap-1 text-sm">
                {usage.people.map((p) => (
                  <li key={p.userId} className="flex justify-between gap-3 border-b py-1 last:border-0">
                    <span className="min-w-0 truncate">{p.name}</span>
                    <span className="shrink-0 tabular-nums">{p.events}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">
                {usage.attribution ? "Nobody in this period." : "Per-person attribution is off on this instance."}
              </p>
            )}
          </div>
        ) : null}
      </div>
    </section>
  );
}
