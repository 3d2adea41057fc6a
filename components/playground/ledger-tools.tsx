import { BookXIcon, WrenchIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/display";
import type { DisclosureEvent } from "@/lib/playground/domain";
import { cn } from "@/lib/utils";
import { ApprovalBadge } from "./approval-prompt";
import { formatDuration } from "./run-card";

// The ledger's rows for tools bound to skills: tools entering and leaving what the model is
// offered (with their definitions' tokens), skills unloaded, calls and the approvals they waited on.

type Event<K extends DisclosureEvent["kind"]> = Extract<DisclosureEvent, { kind: K }>;

function Tokens({ n, hint, sign = "" }: { n: number; hint: string; sign?: string }) {
  return (
    <span className="ml-auto shrink-0 text-xs text-muted-foreground tabular-nums" title={hint}>
      {sign}
      {formatNumber(n)} tokens
    </span>
  );
}

/** A skill's tools activated (by a load or a mention) or deactivated (by unload_skill). */
export function ToolsRow({ event }: { event: Event<"tools"> }) {
  const on = event.change === "activated";
  return (
    <li className="flex flex-wrap items-center gap-2" data-testid="ledger-tools">
      <WrenchIcon className={cn("size-3.5 shrink-0", on ? "text-orange-500" : "text-muted-foreground")} aria-hidden />
      <span className="font-mono text-xs text-muted-foreground">{event.skill}</span>
      <span className={cn("text-xs", !on && "text-muted-foreground")}>{on ? "tools offered" : "tools hidden"}</span>
      <span className="flex min-w-0 flex-wrap gap-1">
        {event.tools.map((t) => (
          <Badge
            key={t.name}
            variant="outline"
            className={cn("font-mono font-normal", !on && "line-through opacity-70")}
            title={`${formatNumber(t.tokens)} tokens`}
          >
            {t.name}
          </Badge>
        ))}
      </span>
      <Tokens
        n={event.tokens}
        sign={on ? "" : "−"}
        hint={on ? "Tokens of these tools' definitions, sent with every request while the skill is loaded" : "Definitions no longer sent"}
      />
    </li>
  );
}

export function UnloadRow({ event }: { event: Event<"unload"> }) {
  return (
    <li className="flex flex-wrap items-center gap-2 text-muted-foreground" data-testid="ledger-unload">
      <BookXIcon className="size-3.5 shrink-0" aria-hidden />
      <span className="font-mono text-foreground">{event.skill}</span> unloaded: its body leaves later requests
      <Tokens n={event.tokens} sign="−" hint="Tokens of the body freed from the context" />
    </li>
  );
}

/** One bound tool's call that ran: how it was let through, how it ended, and what its result cost. */
export function CallRow({ call }: { call: Event<"call"> }) {
  const ok = call.exitCode === 0 && !call.timedOut;
  return (
    <li className="flex items-start gap-2" data-testid="ledger-call">
      <WrenchIcon className={cn("mt-0.5 size-3.5 shrink-0", ok ? "text-orange-500" : "text-destructive")} aria-hidden />
      <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="min-w-0 flex-1 font-mono text-xs font-medium [overflow-wrap:anywhere]">{call.tool}</span>
          <Tokens n={call.tokens} hint="Tokens of the result returned to the model" />
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span className="font-mono">
            {call.skill} v{call.version}
          </span>
          <ApprovalBadge state={call.approval} />
          {call.timedOut ? <Badge variant="warning">timed out</Badge> : null}
          <Badge variant={call.exitCode === 0 ? "success" : "destructive"}>{call.exitCode === null ? "killed" : `exit ${call.exitCode}`}</Badge>
          <span className="tabular-nums">{formatDuration(call.durationMs)}</span>
        </div>
      </div>
    </li>
  );
}

/** Each call that asked the user, once, in its latest state (asked, then approved or denied). */
export function ApprovalRows({ events }: { events: readonly Event<"approval">[] }) {
  const latest = new Map<string, Event<"approval">>();
  for (const e of events) latest.set(e.toolCallId, e);
  return [...latest.values()].map((e) => (
    <li key={e.toolCallId} className="flex flex-wrap items-center gap-2" data-testid="ledger-approval">
      <ApprovalBadge state={e.state} />
      <span className="min-w-0 text-xs [overflow-wrap:anywhere]">{e.summary}</span>
    </li>
  ));
}
