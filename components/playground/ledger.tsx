"use client";
import Link from "next/link";
import { AlertTriangleIcon, BookOpenIcon, ChevronRightIcon, FileTextIcon, LayersIcon, RouteIcon, SearchIcon, XCircleIcon } from "lucide-react";
import { skillRoutes } from "@/components/skills/skill-routes";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/format";
import { showsSaving } from "@/lib/playground/ledger";
import type { DisclosureEvent, TurnLedger } from "@/lib/playground/types";
import { cn } from "@/lib/utils";
import { RunRow } from "./ledger-runs";
import { ApprovalRows, CallRow, ToolsRow, UnloadRow } from "./ledger-tools";
import { Totals } from "./ledger-totals";
import { SKILL_TOOLS } from "./tool-calls";

type Event<K extends DisclosureEvent["kind"]> = Extract<DisclosureEvent, { kind: K }>;

const skillHref = (skillId: string) => `/skills/${encodeURIComponent(skillId)}`;

/**
 * One assistant turn's disclosure ledger: what the catalog offered (L1), which skill bodies were
 * loaded (L2), which resources were read (L3), and what it cost. `events` are the turn's events
 * (tool-calls.ts turnEvents): while the turn streams, what happened so far, and `ledger` is null
 * (or the one stored while the turn waited for approval).
 */
export function LedgerCard({
  ledger,
  events,
  skillIds,
  streaming,
}: {
  ledger: TurnLedger | null;
  events: readonly DisclosureEvent[];
  skillIds: ReadonlyMap<string, string>;
  streaming: boolean;
}) {
  const catalog = events.filter((e): e is Event<"catalog"> => e.kind === "catalog");
  const searches = events.filter((e): e is Event<"search"> => e.kind === "search");
  const loads = events.filter((e): e is Event<"load"> => e.kind === "load");
  const repeats = events.filter((e): e is Event<"repeat"> => e.kind === "repeat");
  const reads = events.filter((e): e is Event<"read"> => e.kind === "read");
  const errors = events.filter((e): e is Event<"error"> => e.kind === "error");
  const notices = events.filter((e): e is Event<"notice"> => e.kind === "notice");
  const offered = catalog[0];
  const runs = events.filter((e): e is Event<"run"> => e.kind === "run");
  const tools = events.filter((e): e is Event<"tools"> => e.kind === "tools");
  const unloads = events.filter((e): e is Event<"unload"> => e.kind === "unload");
  const calls = events.filter((e): e is Event<"call"> => e.kind === "call");
  const approvals = events.filter((e): e is Event<"approval"> => e.kind === "approval");
  // A bound tool's failure is an error event of that tool, whatever its level.
  const callErrors = errors.filter((e) => !SKILL_TOOLS.has(e.tool));
  const loadErrors = errors.filter((e) => e.level === 2 && SKILL_TOOLS.has(e.tool));
  const readErrors = errors.filter((e) => e.level === 3 && e.tool !== "skill_run" && SKILL_TOOLS.has(e.tool));
  const runErrors = errors.filter((e) => e.tool === "skill_run");
  const title = ledger ? `Disclosure ledger · turn ${ledger.turn}` : "Disclosure ledger";

  return (
    <section aria-label={title} data-testid="ledger" className="mt-3 overflow-hidden rounded-lg border bg-muted/30 text-sm">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b bg-background/60 px-3 py-2">
        <LayersIcon className="size-4 text-muted-foreground" aria-hidden />
        <h3 className="font-medium">{title}</h3>
        {streaming && !ledger ? <span className="text-xs text-muted-foreground">recording…</span> : null}
        {ledger ? (
          <p className="ml-auto flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
            <span>
              <strong className="font-semibold text-foreground tabular-nums">{formatNumber(ledger.totals.newlyDisclosed)}</strong> tokens disclosed
            </span>
            {showsSaving(ledger.totals) ? (
              <span>
                saving <strong className="font-semibold text-emerald-700 tabular-nums dark:text-emerald-300">{ledger.totals.savingPercent.toFixed(1)}%</strong>{" "}
                vs. eager
              </span>
            ) : null}
          </p>
        ) : null}
      </header>

      {notices.length ? (
        <ul className="grid gap-1 border-b bg-amber-500/10 px-3 py-2 text-amber-800 dark:text-amber-200">
          {notices.map((n, i) => (
            <li key={i} className="flex gap-2">
              <AlertTriangleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              {n.message}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="grid divide-y">
        <Level n={1} label="Offered" tone="bg-sky-500">
          {offered ? (
            offered.mode === "full" ? (
              <details className="group">
                <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
                  <ChevronRightIcon className="size-3.5 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden />
                  <span>
                    <strong className="tabular-nums">{offered.skills.length}</strong> {offered.skills.length === 1 ? "skill" : "skills"} in the catalog
                  </span>
                  <Tokens n={offered.tokens} />
                </summary>
                <ul className="mt-2 flex flex-wrap gap-1.5 pl-5" aria-label="Skills offered">
                  {offered.skills.map((name) => (
                    <li key={name}>
                      <Badge variant="outline" className="font-mono font-normal">
                        {name}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <p>
                Search mode: the catalog is behind <code className="font-mono text-xs">search_skills</code> <Tokens n={offered.tokens} />
              </p>
            )
          ) : (
            <Empty>Waiting for the catalog…</Empty>
          )}
          {searches.map((s, i) => (
            <div key={i} className="mt-2 flex flex-wrap items-center gap-1.5">
              {/* The icon stays beside a long query, which wraps anywhere rather than widening the column. */}
              <span className="flex min-w-0 items-start gap-1.5">
                <SearchIcon className="mt-px size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">search_skills(&quot;{s.query}&quot;)</span>
              </span>
              <span className="text-muted-foreground">→</span>
              {s.results.length ? (
                s.results.map((r) => (
                  <Badge key={r.name} variant="outline" className="font-mono font-normal">
                    {r.name} <span className="text-muted-foreground">{r.score.toFixed(2)}</span>
                  </Badge>
                ))
              ) : (
                <span className="text-muted-foreground">no match</span>
              )}
              <Tokens n={s.tokens} />
            </div>
          ))}
        </Level>

        <Level n={2} label="Loaded" tone="bg-indigo-500">
          {loads.length || repeats.length || loadErrors.length || tools.length || unloads.length ? (
            <ul className="grid gap-1.5" aria-label="Skills loaded">
              {loads.map((e, i) => (
                <li key={`l${i}`} className="flex flex-wrap items-center gap-2">
                  <BookOpenIcon className="size-3.5 text-indigo-500" aria-hidden />
                  <Link href={skillHref(e.skillId)} className="font-mono font-medium underline-offset-4 hover:underline">
                    {e.skill}
                  </Link>
                  <span className="text-xs text-muted-foreground">v{e.version}</span>
                  <Badge variant={e.by === "mention" ? "secondary" : "outline"} className="font-normal">
                    {e.by === "mention" ? "by $mention" : "by the model"}
                  </Badge>
                  {e.needsReview ? (
                    <Badge variant="warning">
                      <AlertTriangleIcon aria-hidden /> needs review
                    </Badge>
                  ) : null}
                  <Tokens n={e.tokens} />
                </li>
              ))}
              {repeats.map((e, i) => (
                <li key={`r${i}`} className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  <BookOpenIcon className="size-3.5" aria-hidden />
                  <span className="font-mono">{e.skill}</span> already loaded in turn {e.firstTurn}
                  <Tokens n={e.tokens} />
                </li>
              ))}
              {tools.map((e, i) => (
                <ToolsRow key={`t${i}`} event={e} />
              ))}
              {unloads.map((e, i) => (
                <UnloadRow key={`u${i}`} event={e} />
              ))}
              {loadErrors.map((e, i) => (
                <ErrorRow key={`e${i}`} event={e} />
              ))}
            </ul>
          ) : (
            <Empty>No skill loaded{streaming && !ledger ? " yet" : ""}.</Empty>
          )}
        </Level>

        <Level n={3} label="Read" tone="bg-violet-500">
          {reads.length || readErrors.length ? (
            <ul className="grid gap-1.5" aria-label="Resources read">
              {reads.map((e, i) => {
                const id = skillIds.get(e.skill);
                return (
                  <li key={i} className="flex flex-wrap items-center gap-2">
                    <FileTextIcon className="size-3.5 text-violet-500" aria-hidden />
                    <span className="font-mono text-muted-foreground">{e.skill}/</span>
                    {id ? (
                      <Link href={skillRoutes(id, 0, false).page({ file: e.path })} className="-ml-2 font-mono font-medium underline-offset-4 hover:underline">
                        {e.path}
                      </Link>
                    ) : (
                      <span className="-ml-2 font-mono font-medium">{e.path}</span>
                    )}
                    {e.binary ? <span className="text-xs text-muted-foreground">binary, {e.mediaType}</span> : null}
                    <Tokens n={e.tokens} />
                  </li>
                );
              })}
              {readErrors.map((e, i) => (
                <ErrorRow key={`e${i}`} event={e} />
              ))}
            </ul>
          ) : (
            <Empty>No resource read.</Empty>
          )}
        </Level>

        {runs.length || runErrors.length ? (
          <Level n={3} label="Ran" tone="bg-teal-500">
            <ul className="grid gap-2" aria-label="Scripts run">
              {runs.map((run, i) => (
                <RunRow key={i} run={run} />
              ))}
              {runErrors.map((e, i) => (
                <ErrorRow key={`e${i}`} event={e} />
              ))}
            </ul>
          </Level>
        ) : null}

        {calls.length || callErrors.length ? (
          <Level n={3} label="Called" tone="bg-orange-500">
            <ul className="grid gap-2" aria-label="Tools called">
              {calls.map((call, i) => (
                <CallRow key={i} call={call} />
              ))}
              {callErrors.map((e, i) => (
                <ErrorRow key={`e${i}`} event={e} />
              ))}
            </ul>
          </Level>
        ) : null}

        {approvals.length ? (
          <Level label="Asked" tone="bg-amber-500">
            <ul className="grid gap-1.5" aria-label="Approvals">
              <ApprovalRows events={approvals} />
            </ul>
          </Level>
        ) : null}
      </div>

      {ledger ? <Totals ledger={ledger} /> : null}
      {ledger?.router ? <RouterRankingView ranking={ledger.router} /> : null}
    </section>
  );
}

/** A row of the ledger: a disclosure level, or (without n) what is not one, like the approvals asked. */
function Level({ n, label, tone, children }: { n?: 1 | 2 | 3; label: string; tone: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3 px-3 py-2.5">
      <div className="flex items-start gap-2 pt-0.5">
        <span className={cn("mt-1 size-2 shrink-0 rounded-full", tone)} aria-hidden />
        <span className="text-xs font-medium text-muted-foreground">
          {n ? `L${n} · ` : ""}
          {label}
        </span>
      </div>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function Tokens({ n }: { n: number }) {
  return <span className="ml-auto text-xs text-muted-foreground tabular-nums">{formatNumber(n)} tokens</span>;
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="text-muted-foreground">{children}</p>;
}

function ErrorRow({ event }: { event: Event<"error"> }) {
  return (
    <li className="flex flex-wrap items-start gap-2 text-destructive dark:text-red-300">
      <XCircleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      <span className="font-mono text-xs">
        {event.tool}
        {event.skill ? ` ${event.skill}` : ""}
        {event.path ? ` ${event.path}` : ""}
      </span>
      <span className="basis-full pl-5.5 text-xs">{event.error}</span>
    </li>
  );
}

function RouterRankingView({ ranking }: { ranking: NonNullable<TurnLedger["router"]> }) {
  // Skills that share no term with the message score 0: they are not candidates, so not listed.
  const top = ranking.ranked.filter((r) => r.score > 0).slice(0, 5);
  const max = Math.max(ranking.threshold, ...top.map((r) => r.score), 0.0001);
  return (
    <details className="group border-t px-3 py-2">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded text-xs font-medium text-muted-foreground outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
        <RouteIcon className="size-3.5" aria-hidden />
        Offline router ranking · {ranking.chosen ? <span className="font-mono text-foreground">{ranking.chosen}</span> : "no skill above the threshold"}
      </summary>
      <ol className="mt-2 grid gap-1" aria-label="Router ranking">
        {top.length ? (
          top.map((r) => (
            <li key={r.name} className="grid grid-cols-[minmax(0,12rem)_1fr_3.5rem] items-center gap-2 text-xs">
              <span className={cn("truncate font-mono", r.name === ranking.chosen && "font-semibold")}>{r.name}</span>
              <span className="relative h-1.5 rounded-full bg-muted">
                <span
                  className={cn("absolute inset-y-0 left-0 rounded-full", r.score >= ranking.threshold ? "bg-sky-500" : "bg-muted-foreground/40")}
                  style={{ width: `${(r.score / max) * 100}%` }}
                />
                <span
                  className="absolute -inset-y-1 w-px bg-amber-500"
                  style={{ left: `${(ranking.threshold / max) * 100}%` }}
                  title={`threshold ${ranking.threshold}`}
                />
              </span>
              <span className="text-right tabular-nums text-muted-foreground">{r.score.toFixed(2)}</span>
            </li>
          ))
        ) : (
          <li className="text-xs text-muted-foreground">{ranking.reason ?? "No catalog term matched the message."}</li>
        )}
      </ol>
      {!ranking.chosen && ranking.reason && top.length ? <p className="mt-1 text-xs">Nothing chosen: {ranking.reason}.</p> : null}
      <p className="mt-1 text-xs text-muted-foreground">
        Threshold {ranking.threshold} (amber line). Lexical ranking over the catalog in the prompt, not an LLM.
      </p>
    </details>
  );
}
