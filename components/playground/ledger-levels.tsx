import Link from "next/link";
import { AlertTriangleIcon, BookOpenIcon, ChevronRightIcon, FileTextIcon, SearchIcon } from "lucide-react";
import { skillRoutes } from "@/components/skills/skill-routes";
import { Badge } from "@/components/ui/badge";
import type { LedgerRows } from "./ledger-events";
import { Empty, ErrorRow, Level, Tokens } from "./ledger-parts";
import { RunRow } from "./ledger-runs";
import { ApprovalRows, CallRow, ToolsRow, UnloadRow } from "./ledger-tools";

// The ledger's levels, each from the turn's rows (ledger-events.ts): L1 what the catalog offered and
// the searches, L2 the skills loaded, L3 the resources read, the scripts run and the tools called,
// and the approvals asked. A level that may be absent renders nothing when it has no rows.

const skillHref = (skillId: string) => `/skills/${encodeURIComponent(skillId)}`;

export function OfferedLevel({ rows: { offered, searches } }: { rows: LedgerRows }) {
  return (
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
  );
}

/** `waiting`: the turn is still streaming and has no ledger yet. */
export function LoadedLevel({ rows: { loads, repeats, tools, unloads, loadErrors }, waiting }: { rows: LedgerRows; waiting: boolean }) {
  return (
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
        <Empty>No skill loaded{waiting ? " yet" : ""}.</Empty>
      )}
    </Level>
  );
}

export function ReadLevel({ rows: { reads, readErrors }, skillIds }: { rows: LedgerRows; skillIds: ReadonlyMap<string, string> }) {
  return (
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
  );
}

export function RanLevel({ rows: { runs, runErrors } }: { rows: LedgerRows }) {
  if (!runs.length && !runErrors.length) return null;
  return (
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
  );
}

export function CalledLevel({ rows: { calls, callErrors } }: { rows: LedgerRows }) {
  if (!calls.length && !callErrors.length) return null;
  return (
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
  );
}

export function AskedLevel({ rows: { approvals } }: { rows: LedgerRows }) {
  if (!approvals.length) return null;
  return (
    <Level label="Asked" tone="bg-amber-500">
      <ul className="grid gap-1.5" aria-label="Approvals">
        <ApprovalRows events={approvals} />
      </ul>
    </Level>
  );
}
