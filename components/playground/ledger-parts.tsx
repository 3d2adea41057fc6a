import type { ReactNode } from "react";
import { XCircleIcon } from "lucide-react";
import { formatNumber } from "@/lib/display";
import { cn } from "@/lib/utils";
import type { LedgerEvent } from "./ledger-events";

// The pieces every row of the disclosure ledger is made of.

/** A row of the ledger: a disclosure level, or (without n) what is not one, like the approvals asked. */
export function Level({ n, label, tone, children }: { n?: 1 | 2 | 3; label: string; tone: string; children: ReactNode }) {
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

export function Tokens({ n }: { n: number }) {
  return <span className="ml-auto text-xs text-muted-foreground tabular-nums">{formatNumber(n)} tokens</span>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-muted-foreground">{children}</p>;
}

export function ErrorRow({ event }: { event: LedgerEvent<"error"> }) {
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
