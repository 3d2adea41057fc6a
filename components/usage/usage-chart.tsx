import { USAGE_CHANNEL_LABELS, USAGE_CHANNELS } from "@/lib/skills/usage/events";
import type { UsageDayPoint } from "@/lib/types/usage";
import { seriesTotal, USAGE_SERIES } from "./series";

// Plain SVG drawn on the server: no chart library reaches the browser (the skill page's JS budget
// stays as it was), colours come from Tailwind classes with dark variants, and the viewBox scales
// to any width down to a 390 px phone. The same numbers are a table for screen readers and anyone
// who wants the figures.

const W = 600;
const H = 160;
const AXIS = 24;

export function UsageChart({ daily, label }: { daily: readonly UsageDayPoint[]; label: string }) {
  const max = Math.max(1, ...daily.map((d) => d.total));
  const slot = W / Math.max(1, daily.length);
  const bar = Math.max(1, slot * 0.75);
  const plot = H - AXIS;
  const ticks = [daily[0]?.day, daily[Math.floor(daily.length / 2)]?.day, daily.at(-1)?.day].filter(Boolean) as string[];
  return (
    <figure className="grid gap-3">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-40 w-full"
        role="img"
        aria-label={`${label}: ${daily.reduce((n, d) => n + d.total, 0)} events, at most ${max} a day`}
        preserveAspectRatio="none"
      >
        <line x1={0} x2={W} y1={plot} y2={plot} className="stroke-border" strokeWidth={1} />
        {daily.map((d, i) => {
          let y = plot;
          return (
            <g key={d.day}>
              {USAGE_SERIES.map((s) => {
                const n = seriesTotal(d.byChannel, s);
                if (!n) return null;
                const h = (n / max) * (plot - 4);
                y -= h;
                return <rect key={s.key} x={i * slot + (slot - bar) / 2} y={y} width={bar} height={h} className={s.fill} />;
              })}
            </g>
          );
        })}
        {ticks.map((day, i) => (
          <text
            key={day}
            x={i === 0 ? 0 : i === 1 ? W / 2 : W}
            y={H - 6}
            textAnchor={i === 0 ? "start" : i === 1 ? "middle" : "end"}
            className="fill-muted-foreground text-[11px]"
          >
            {day.slice(5)}
          </text>
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {USAGE_SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <span aria-hidden className={`size-2.5 rounded-sm ${s.swatch}`} />
            {s.label}
          </span>
        ))}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Show as a table</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <UsageTable daily={daily} />
        </div>
      </details>
    </figure>
  );
}

function UsageTable({ daily }: { daily: readonly UsageDayPoint[] }) {
  const channels = USAGE_CHANNELS.filter((c) => daily.some((d) => d.byChannel[c]));
  const rows = daily.filter((d) => d.total > 0);
  if (!rows.length) return <p className="text-muted-foreground">No events in this period.</p>;
  return (
    <table className="w-full text-left text-xs tabular-nums">
      <caption className="sr-only">Events per day and channel</caption>
      <thead>
        <tr className="border-b">
          <th scope="col" className="py-1 pr-3 font-medium">
            Day
          </th>
          {channels.map((c) => (
            <th key={c} scope="col" className="py-1 pr-3 font-medium">
              {USAGE_CHANNEL_LABELS[c]}
            </th>
          ))}
          <th scope="col" className="py-1 font-medium">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.day} className="border-b last:border-0">
            <th scope="row" className="py-1 pr-3 font-normal">
              {d.day}
            </th>
            {channels.map((c) => (
              <td key={c} className="py-1 pr-3">
                {d.byChannel[c] ?? 0}
              </td>
            ))}
            <td className="py-1">{d.total}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
