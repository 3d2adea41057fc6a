import type { UsageChannel } from "@/lib/skills/usage/events";

// The chart's five series: twelve channels in one stack are unreadable, so the bars group them by
// what happened; the table beside the chart lists every channel.

export interface UsageSeries {
  key: string;
  label: string;
  channels: readonly UsageChannel[];
  /** Fill classes, light and dark (both pass 3:1 against their background). */
  fill: string;
  swatch: string;
}

export const USAGE_SERIES: readonly UsageSeries[] = [
  {
    key: "installed",
    label: "Installed / downloaded",
    channels: ["download", "sync", "discovery", "feed", "clawhub"],
    fill: "fill-emerald-600 dark:fill-emerald-400",
    swatch: "bg-emerald-600 dark:bg-emerald-400",
  },
  {
    key: "loaded",
    label: "Loaded by agents",
    channels: ["load", "mcp-load"],
    fill: "fill-indigo-600 dark:fill-indigo-400",
    swatch: "bg-indigo-600 dark:bg-indigo-400",
  },
  { key: "read", label: "Files read", channels: ["read", "mcp-read"], fill: "fill-sky-500 dark:fill-sky-300", swatch: "bg-sky-500 dark:bg-sky-300" },
  {
    key: "runs",
    label: "Runs and trigger tests",
    channels: ["run", "eval"],
    fill: "fill-amber-500 dark:fill-amber-300",
    swatch: "bg-amber-500 dark:bg-amber-300",
  },
  {
    key: "offered",
    label: "Offered in a catalog",
    channels: ["catalog"],
    fill: "fill-slate-400 dark:fill-slate-500",
    swatch: "bg-slate-400 dark:bg-slate-500",
  },
];

export function seriesTotal(byChannel: Partial<Record<UsageChannel, number>>, series: UsageSeries): number {
  return series.channels.reduce((sum, c) => sum + (byChannel[c] ?? 0), 0);
}
