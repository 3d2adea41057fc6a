import Link from "next/link";
import { FileCodeIcon, ShieldAlertIcon, WrenchIcon } from "lucide-react";
import { CodeLines } from "@/components/skills/code-lines";
import { loadHighlighter } from "@/components/skills/markdown/highlight";
import type { SkillRoutes } from "@/components/skills/skill-routes";
import { schemaRows } from "@/components/skills/tool-schema";
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/display";
import type { BoundToolInfo, SkillDetail, SkillVersionDetail } from "@/lib/types/skills";

// The Tools tab: what each tool a skill binds offers a model (name, description, arguments), what
// runs when it is called (the script, linked to its file) and what its definition costs in context.

export async function SkillToolsPanel({ skill, version, routes }: { skill: Pick<SkillDetail, "scope">; version: SkillVersionDetail; routes: SkillRoutes }) {
  const { tools } = version;
  const total = tools.reduce((sum, tool) => sum + tool.tokens, 0);
  const files = new Set(version.files.map((f) => f.path));
  const highlighter = await loadHighlighter(["json"]);

  return (
    // Explicit one-column tracks: an auto track would grow to the arguments table and widen a phone's page.
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <nav aria-label="Tools" className="lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:pr-1">
        <h2 className="mb-2 px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Tools</h2>
        <ul className="grid gap-0.5 text-sm">
          {tools.map((tool) => (
            <li key={tool.name}>
              <a
                href={`#tool-${tool.name}`}
                className="flex items-center justify-between gap-2 rounded-md px-2 py-1 outline-none hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/50"
              >
                <span className="min-w-0 truncate font-mono text-[13px]">{tool.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatNumber(tool.tokens)}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6">
        <div className="grid gap-2 text-sm leading-relaxed text-muted-foreground">
          <p>
            <span className="font-medium text-foreground">
              {tools.length} {tools.length === 1 ? "tool" : "tools"}, {formatNumber(total)} tokens of definitions.
            </span>{" "}
            A model is offered them only while the skill is loaded, and they cost context for as long as they stay;{" "}
            <code className="font-mono">unload_skill</code> hides them again. Each call runs the tool&apos;s script in the sandbox, with the arguments as JSON
            on stdin. A call not named in <code className="font-mono">allowed-tools</code> waits for your approval: once, for the conversation, or deny.
          </p>
          <p>
            Tools are bound for built-in and public skills, and for team skills when the team&apos;s owners allow it; never for a version that needs security
            review.
            {skill.scope === "PERSONAL" ? " This is a personal skill, so the playground does not offer these tools." : null}
          </p>
        </div>
        {version.scan.review.status === "needs_review" ? (
          <p role="note" className="flex items-start gap-2 rounded-lg border border-orange-500/35 bg-orange-500/10 px-4 py-2.5 text-sm">
            <ShieldAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-orange-700 dark:text-orange-300" />
            <span>
              This version needs security review: its tools are withheld until a reviewer clears it.{" "}
              <Link href={routes.security()} className="font-medium underline underline-offset-2">
                See the findings
              </Link>
            </span>
          </p>
        ) : null}
        {tools.map((tool) => (
          <ToolCard
            key={tool.name}
            tool={tool}
            preApproved={version.allowedTools.includes(tool.name)}
            scriptPresent={files.has(tool.script)}
            schemaLines={highlighter.lines(JSON.stringify(tool.inputSchema, null, 2), "json")}
            routes={routes}
          />
        ))}
      </div>
    </div>
  );
}

function ToolCard({
  tool,
  preApproved,
  scriptPresent,
  schemaLines,
  routes,
}: {
  tool: BoundToolInfo;
  preApproved: boolean;
  scriptPresent: boolean;
  schemaLines: Parameters<typeof CodeLines>[0]["lines"];
  routes: SkillRoutes;
}) {
  const rows = schemaRows(tool.inputSchema);
  const id = `tool-${tool.name}`;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-24 grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border bg-card px-5 py-4 shadow-xs"
    >
      <header className="grid gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <WrenchIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <h3 id={`${id}-title`} className="min-w-0 font-mono text-base font-semibold [overflow-wrap:anywhere]">
            {tool.name}
          </h3>
          <Badge variant="secondary" className="tabular-nums" title="Approximate tokens of the definition a model receives (o200k_base)">
            {formatNumber(tool.tokens)} tokens
          </Badge>
          {preApproved ? (
            <Badge variant="success" title="Named in allowed-tools: calls run without asking">
              pre-approved
            </Badge>
          ) : (
            <Badge variant="outline" title="Not named in allowed-tools: each call waits for your approval">
              asks first
            </Badge>
          )}
        </div>
        <p className="text-[15px] leading-relaxed">{tool.description}</p>
      </header>

      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="text-muted-foreground">Runs</span>
        <Link
          href={routes.file(tool.script)}
          className="inline-flex min-w-0 items-center gap-1.5 rounded-sm font-mono text-[13px] font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          <FileCodeIcon aria-hidden className="size-3.5 shrink-0" />
          <span className="[overflow-wrap:anywhere]">{tool.script}</span>
        </Link>
        {scriptPresent ? null : <Badge variant="warning">not in this version</Badge>}
      </p>

      <div className="grid gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Arguments</h4>
        {rows.length ? (
          <div className="overflow-x-auto rounded-lg border" role="region" aria-label={`Arguments of ${tool.name}`} tabIndex={0}>
            <table className="w-full text-left text-sm">
              <thead className="bg-muted/50 text-xs text-muted-foreground">
                <tr>
                  {["Name", "Type", "Required", "Description"].map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {rows.map((row) => (
                  <tr key={row.name} className="align-top">
                    <th scope="row" className="px-3 py-2 font-mono text-[13px] font-medium whitespace-nowrap" style={{ paddingLeft: `${0.75 + row.depth}rem` }}>
                      {row.name}
                    </th>
                    <td className="px-3 py-2 font-mono text-[13px] text-muted-foreground">{row.type}</td>
                    <td className="px-3 py-2 text-[13px]">{row.required ? "yes" : <span className="text-muted-foreground">no</span>}</td>
                    <td className="min-w-48 px-3 py-2">{row.description ?? <span className="text-muted-foreground">—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No arguments: the script gets an empty object on stdin.</p>
        )}
      </div>

      <details className="rounded-lg border">
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium outline-none select-none hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/50">
          Input schema (JSON)
        </summary>
        <div className="border-t p-2">
          <CodeLines lines={schemaLines} label={`Input schema of ${tool.name}`} className="code-panel" />
        </div>
      </details>
    </section>
  );
}
