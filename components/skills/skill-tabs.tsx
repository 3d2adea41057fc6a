"use client";
import Link from "next/link";
import { skillRoutes, type SkillPageAt, type SkillTab } from "@/components/skills/skill-routes";
import { SeverityBadge } from "@/components/ui/severity-badge";
import type { ScanSeverity } from "@/lib/types/skills";
import { cn } from "@/lib/utils";

// The skill page's section tabs. A client component given only what the tabs show: rendered once,
// for the HTML, instead of encoded into the page's payload and decoded again on every view.

const tabItem =
  "inline-flex shrink-0 items-center gap-1.5 border-b-2 px-1 pb-2 text-sm font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/50 rounded-t-sm";

function TabLink({ href, current, children }: { href: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={cn(tabItem, current ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground")}
    >
      {children}
    </Link>
  );
}

export interface SkillTabsScan {
  /** The highest finding's severity when it is worth a coloured badge (medium and up), else null. */
  badge: ScanSeverity | null;
  findings: number;
  needsReview: boolean;
}

export function SkillTabs({ tab, at, scan, toolCount }: { tab: SkillTab; at: SkillPageAt; scan: SkillTabsScan; toolCount: number }) {
  const routes = skillRoutes(at.skillId, at.version, at.pinned);
  const { badge, findings } = scan;
  return (
    // Scrolls sideways rather than widen the page on a phone (four tabs and a badge).
    <nav aria-label="Skill sections" className="-mb-4 flex gap-5 overflow-x-auto border-b pt-1">
      <TabLink href={routes.page()} current={tab === "files"}>
        Files
      </TabLink>
      {toolCount ? (
        <TabLink href={routes.tools()} current={tab === "tools"}>
          Tools
          <span className="rounded-md bg-muted px-1.5 text-[11px] text-muted-foreground tabular-nums">
            {toolCount}
            <span className="sr-only"> {toolCount === 1 ? "tool" : "tools"}</span>
          </span>
        </TabLink>
      ) : null}
      <TabLink href={routes.triggers()} current={tab === "triggers"}>
        Triggers
      </TabLink>
      <TabLink href={routes.usage()} current={tab === "usage"}>
        Usage
      </TabLink>
      <TabLink href={routes.security()} current={tab === "security"}>
        Security
        {badge ? (
          <SeverityBadge severity={badge} className="px-1 py-0 text-[11px]">
            {findings}
            <span className="sr-only"> findings, highest {badge}</span>
          </SeverityBadge>
        ) : findings ? (
          <span className="rounded-md bg-muted px-1.5 text-[11px] text-muted-foreground tabular-nums">{findings}</span>
        ) : null}
        {scan.needsReview ? <span className="text-[11px] font-medium text-orange-700 dark:text-orange-300">needs review</span> : null}
      </TabLink>
    </nav>
  );
}
