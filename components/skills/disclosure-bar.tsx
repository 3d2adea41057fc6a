"use client";
import Link from "next/link";
import { skillRoutes, type SkillPageAt } from "@/components/skills/skill-routes";
import { formatNumber } from "@/lib/display";
import { SPEC_LIMITS } from "@/lib/skills/format/limits";
import { cn } from "@/lib/utils";

interface Resource {
  path: string;
  tokens: number;
}

const L3_SHADES = ["bg-violet-500", "bg-violet-400", "bg-fuchsia-500", "bg-fuchsia-400"];
const MAX_SEGMENTS = 24;

/**
 * What the skill costs the model at each level of progressive disclosure, on one bar: the catalog
 * entry it always sees (L1), the body once activated (L2) with the definitions of the tools it
 * binds (offered from then on, until unloaded), and each resource when read (L3). The spec's
 * guidance for the body is marked where the body segment would cross it. A client component given
 * only the figures: its tree is rendered once, for the HTML, not also encoded into the page's payload.
 */
export function DisclosureBar({
  catalogTokens,
  bodyTokens,
  toolTokens = 0,
  toolCount = 0,
  resources,
  at,
}: {
  catalogTokens: number;
  bodyTokens: number;
  /** Tokens of the bound tools' definitions, resident while the skill is loaded. */
  toolTokens?: number;
  toolCount?: number;
  resources: Resource[];
  /** The version whose file and tools links the bar offers. */
  at: SkillPageAt;
}) {
  const routes = skillRoutes(at.skillId, at.version, at.pinned);
  const guidance = SPEC_LIMITS.bodyMaxTokens;
  const resourceTotal = resources.reduce((sum, r) => sum + r.tokens, 0);
  const total = catalogTokens + bodyTokens + toolTokens + resourceTotal;
  const scale = Math.max(total, catalogTokens + guidance) * 1.04;
  const pct = (n: number) => `${(n / scale) * 100}%`;
  const overBody = bodyTokens > guidance;
  const sorted = [...resources].sort((a, b) => b.tokens - a.tokens);
  // One segment per resource up to a point; the long tail shares one, so the bar stays readable.
  const segments = sorted.slice(0, MAX_SEGMENTS);
  const tail = sorted.slice(MAX_SEGMENTS);
  const tailTokens = tail.reduce((sum, r) => sum + r.tokens, 0);
  const shown = sorted.slice(0, 6);
  const rest = sorted.slice(6);

  return (
    <figure className="grid gap-3" aria-labelledby="disclosure-title">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="disclosure-title" className="text-sm font-semibold">
          Context cost by disclosure level
        </h2>
        <p className="text-xs text-muted-foreground">
          {formatNumber(total)} tokens if everything is read · approximate (o200k_base, not Claude&apos;s tokenizer)
        </p>
      </div>

      <div className="relative pt-5 pb-1">
        <div
          role="img"
          aria-label={`Level 1, catalog entry: ${formatNumber(catalogTokens)} tokens. Level 2, SKILL.md body: ${formatNumber(bodyTokens)} tokens.${toolCount ? ` Tool definitions while loaded, ${toolCount} ${toolCount === 1 ? "tool" : "tools"}: ${formatNumber(toolTokens)} tokens.` : ""} Level 3, ${resources.length} resources: ${formatNumber(resourceTotal)} tokens. Guidance: body under ${formatNumber(guidance)} tokens.`}
          className="flex h-4 w-full overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full min-w-1 bg-sky-500" style={{ width: pct(catalogTokens) }} title={`L1 catalog entry · ${formatNumber(catalogTokens)} tokens`} />
          <div
            className={cn("h-full min-w-1 border-l-2 border-card", overBody ? "bg-amber-500" : "bg-indigo-500")}
            style={{ width: pct(bodyTokens) }}
            title={`L2 SKILL.md body · ${formatNumber(bodyTokens)} tokens`}
          />
          {toolCount ? (
            <div
              className="h-full min-w-1 border-l-2 border-card bg-teal-500"
              style={{ width: pct(toolTokens) }}
              title={`L2 tool definitions · ${toolCount} ${toolCount === 1 ? "tool" : "tools"} · ${formatNumber(toolTokens)} tokens`}
            />
          ) : null}
          {segments.map((resource, index) => (
            <div
              key={resource.path}
              className={cn("h-full border-l border-card", L3_SHADES[index % L3_SHADES.length])}
              style={{ width: pct(resource.tokens) }}
              title={`L3 ${resource.path} · ${formatNumber(resource.tokens)} tokens`}
            />
          ))}
          {tail.length ? (
            <div
              className="h-full border-l border-card bg-violet-300 dark:bg-violet-700"
              style={{ width: pct(tailTokens) }}
              title={`L3 ${tail.length} more files · ${formatNumber(tailTokens)} tokens`}
            />
          ) : null}
        </div>
        {/* Zero wide, with the line on the mark and the label centred on it, or ending at it near the
            bar's end: a box as wide as the label starting at the mark stuck out past a phone's edge. */}
        <div className="pointer-events-none absolute top-0 bottom-0 flex w-0 flex-col items-center" style={{ left: pct(catalogTokens + guidance) }} aria-hidden>
          <span
            className={cn("text-[10px] leading-4 font-medium whitespace-nowrap text-muted-foreground", (catalogTokens + guidance) / scale > 0.75 && "self-end")}
          >
            L2 guidance {formatNumber(guidance)}
          </span>
          <span className="h-full w-0.5 shrink-0 rounded bg-foreground/60" />
        </div>
      </div>

      <dl className={cn("grid gap-x-6 gap-y-2 text-sm", toolCount ? "sm:grid-cols-2 xl:grid-cols-4" : "sm:grid-cols-3")}>
        <div className="grid gap-0.5">
          <dt className="flex items-center gap-2 text-muted-foreground">
            <span className="size-2.5 rounded-sm bg-sky-500" aria-hidden /> L1 · catalog entry
          </dt>
          <dd className="pl-4.5 font-medium tabular-nums">{formatNumber(catalogTokens)} tokens</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="flex items-center gap-2 text-muted-foreground">
            <span className={cn("size-2.5 rounded-sm", overBody ? "bg-amber-500" : "bg-indigo-500")} aria-hidden /> L2 · SKILL.md body
          </dt>
          <dd className="pl-4.5 font-medium tabular-nums">
            {formatNumber(bodyTokens)} tokens{" "}
            <span className={cn("text-xs font-normal", overBody ? "text-amber-700 dark:text-amber-300" : "text-muted-foreground")}>
              {overBody
                ? `over the ~${formatNumber(guidance)} guidance`
                : `${Math.round((bodyTokens / guidance) * 100)}% of the ~${formatNumber(guidance)} guidance`}
            </span>
          </dd>
        </div>
        {toolCount ? (
          <div className="grid gap-0.5">
            <dt className="flex items-center gap-2 text-muted-foreground">
              <span className="size-2.5 rounded-sm bg-teal-500" aria-hidden /> L2 · tool definitions, while loaded
            </dt>
            <dd className="pl-4.5 font-medium tabular-nums">
              {formatNumber(toolTokens)} tokens{" "}
              <Link href={routes.tools()} prefetch={false} className="text-xs font-normal text-muted-foreground hover:text-foreground hover:underline">
                in {toolCount} {toolCount === 1 ? "tool" : "tools"}
              </Link>
            </dd>
          </div>
        ) : null}
        <div className="grid gap-0.5">
          <dt className="flex items-center gap-2 text-muted-foreground">
            <span className="size-2.5 rounded-sm bg-violet-500" aria-hidden /> L3 · resources, when read
          </dt>
          <dd className="pl-4.5 font-medium tabular-nums">
            {formatNumber(resourceTotal)} tokens{" "}
            <span className="text-xs font-normal text-muted-foreground">
              in {resources.length} {resources.length === 1 ? "file" : "files"}
            </span>
          </dd>
        </div>
      </dl>

      {shown.length ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Level 3 resources by cost">
          {shown.map((resource, index) => (
            <li key={resource.path} className="flex items-center gap-1.5">
              <span className={cn("size-2 rounded-sm", L3_SHADES[index % L3_SHADES.length])} aria-hidden />
              <Link href={routes.file(resource.path)} prefetch={false} className="font-mono hover:text-foreground hover:underline">
                {resource.path}
              </Link>
              <span className="tabular-nums">{formatNumber(resource.tokens)}</span>
            </li>
          ))}
          {rest.length ? (
            <li>
              +{rest.length} more · {formatNumber(rest.reduce((sum, r) => sum + r.tokens, 0))} tokens
            </li>
          ) : null}
        </ul>
      ) : null}
    </figure>
  );
}
