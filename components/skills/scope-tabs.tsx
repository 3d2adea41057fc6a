"use client";
import Link from "next/link";
import type { SkillListParams } from "@/lib/skills/list/inputs";
import { skillListHref } from "@/lib/skills/list/url";
import { cn } from "@/lib/utils";

export interface ScopeTab {
  label: string;
  scope: SkillListParams["scope"];
  team?: string;
  count: number;
}

/**
 * All, Personal, each of the viewer's teams, Public, Built-in, with counts (of archived skills under
 * the Archived filter); the search and filters carry over. A client component: the tabs are rendered
 * once, for the HTML, from their labels and counts.
 */
export function ScopeTabs({ tabs, params }: { tabs: ScopeTab[]; params: SkillListParams }) {
  return (
    <nav aria-label="Scopes" className="-mx-1 flex gap-1 overflow-x-auto px-1 py-0.5">
      {tabs.map((tab) => {
        const active = params.scope === tab.scope && (tab.scope !== "team" || params.team === tab.team);
        return (
          <Link
            key={`${tab.scope}:${tab.team ?? ""}`}
            href={skillListHref(params, { scope: tab.scope, team: tab.team, view: params.view })}
            aria-current={active ? "page" : undefined}
            aria-label={`${tab.label}, ${tab.count} ${params.archived ? "archived " : ""}${tab.count === 1 ? "skill" : "skills"}`}
            className={cn(
              "inline-flex shrink-0 items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50",
              active && "bg-accent text-foreground",
            )}
          >
            {tab.label}
            <span className={cn("rounded-full bg-muted px-1.5 text-xs tabular-nums", active && "bg-background/70")}>{tab.count}</span>
          </Link>
        );
      })}
    </nav>
  );
}
