import Link from "next/link";
import type { TeamInsights } from "@/lib/types/usage";
import { ArchiveStaleButton } from "./archive-stale-button";

// A team's usage insights: what its agents use, what nobody uses, which installs lag behind and
// how the trigger tests fare. Server-rendered; only the archive buttons are client code.

const skillHref = (id: string, tab?: string) => `/skills/${encodeURIComponent(id)}${tab ? `?tab=${tab}` : ""}`;

function Section({ id, title, note, children }: { id: string; title: string; note?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-2 rounded-xl border p-4">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {note ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      {children}
    </section>
  );
}

const empty = (text: string) => <p className="text-sm text-muted-foreground">{text}</p>;

export function TeamInsightsView({ insights }: { insights: TeamInsights }) {
  const top = Math.max(1, ...insights.ranked.map((r) => r.loads));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section id="ranked" title={`Most loaded, last ${insights.days} days`} note="Loads by agents, installs, downloads and runs.">
        {insights.ranked.length ? (
          <ol className="grid gap-1.5 text-sm">
            {insights.ranked.map((r) => (
              <li key={r.skillId} className="grid gap-0.5">
                <div className="flex justify-between gap-3">
                  <Link href={skillHref(r.skillId, "usage")} className="min-w-0 truncate underline-offset-4 hover:underline">
                    {r.name}
                  </Link>
                  <span className="shrink-0 tabular-nums">{r.loads}</span>
                </div>
                <div aria-hidden className="h-1.5 rounded-full bg-muted">
                  <div className="h-1.5 rounded-full bg-indigo-600 dark:bg-indigo-400" style={{ width: `${(r.loads / top) * 100}%` }} />
                </div>
              </li>
            ))}
          </ol>
        ) : (
          empty("No skill of this team was loaded in this period.")
        )}
      </Section>

      <Section
        id="stale"
        title="Stale skills"
        note="Older than 30 days and not loaded in 30 days (or 90). Archiving hides a skill from lists and agents; it can be restored."
      >
        {insights.stale.length ? (
          <ul className="grid gap-1 text-sm">
            {insights.stale.map((s) => (
              <li key={s.skillId} className="flex flex-wrap items-center justify-between gap-2 border-b py-1.5 last:border-0">
                <div className="grid min-w-0">
                  <Link href={skillHref(s.skillId)} className="truncate underline-offset-4 hover:underline">
                    {s.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">{s.lastUsed ? `last loaded ${s.lastUsed}` : "not loaded in 90 days"}</span>
                </div>
                {insights.canArchive ? <ArchiveStaleButton skillId={s.skillId} name={s.name} /> : null}
              </li>
            ))}
          </ul>
        ) : (
          empty("Every skill of this team was loaded in the last 30 days.")
        )}
      </Section>

      <Section
        id="behind"
        title="Installs behind current"
        note={`Installs in the last ${insights.days} days (sync CLI, discovery, delivery links, ClawHub) of an older version.`}
      >
        {insights.behind.length ? (
          <table className="w-full text-left text-sm tabular-nums">
            <thead className="text-xs text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="py-1 font-medium">
                  Skill
                </th>
                <th scope="col" className="py-1 font-medium">
                  Installed
                </th>
                <th scope="col" className="py-1 font-medium">
                  Current
                </th>
                <th scope="col" className="py-1 font-medium">
                  Installs
                </th>
              </tr>
            </thead>
            <tbody>
              {insights.behind.map((b) => (
                <tr key={`${b.skillId}-${b.version}`} className="border-b last:border-0">
                  <th scope="row" className="max-w-40 truncate py-1 font-normal">
                    <Link href={skillHref(b.skillId, "usage")} className="underline-offset-4 hover:underline">
                      {b.name}
                    </Link>
                  </th>
                  <td className="py-1 text-amber-700 dark:text-amber-300">v{b.version}</td>
                  <td className="py-1">v{b.currentVersion}</td>
                  <td className="py-1">{b.installs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          empty("Every install in this period was of the current version.")
        )}
      </Section>

      <Section id="pass-rates" title="Trigger-test pass rate" note="All runs of this team's skills per week, last 90 days.">
        {insights.passRates.length ? (
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="sr-only">Trigger-test pass rate per week</caption>
            <thead className="text-xs text-muted-foreground">
              <tr className="border-b">
                <th scope="col" className="py-1 font-medium">
                  Week of
                </th>
                <th scope="col" className="py-1 font-medium">
                  Runs
                </th>
                <th scope="col" className="w-1/2 py-1 font-medium">
                  Passed
                </th>
              </tr>
            </thead>
            <tbody>
              {insights.passRates.map((w) => {
                const rate = w.tests ? Math.round((w.passed / w.tests) * 100) : 0;
                return (
                  <tr key={w.week} className="border-b last:border-0">
                    <th scope="row" className="py-1 font-normal">
                      {w.week}
                    </th>
                    <td className="py-1">{w.runs}</td>
                    <td className="py-1">
                      <div className="flex items-center gap-2">
                        <div aria-hidden className="h-1.5 flex-1 rounded-full bg-muted">
                          <div className="h-1.5 rounded-full bg-emerald-600 dark:bg-emerald-400" style={{ width: `${rate}%` }} />
                        </div>
                        <span>
                          {rate}%{" "}
                          <span className="text-xs text-muted-foreground">
                            ({w.passed}/{w.tests})
                          </span>
                        </span>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : (
          empty("No trigger tests ran on this team's skills in the last 90 days.")
        )}
      </Section>
    </div>
  );
}
