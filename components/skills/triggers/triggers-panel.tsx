import Link from "next/link";
import { CircleAlertIcon, CrosshairIcon, PencilIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TRIGGER_TESTS_PATH } from "@/lib/skills/format/trigger-tests";
import type { EvalRunView, TriggerTestsView } from "@/lib/types/evals";
import type { EvalOptions } from "./run-setup";
import { TriggerHistory } from "./trigger-history";
import { TriggerRunForm } from "./trigger-run-form";

// The skill page's Triggers tab: the version's trigger tests (or why they cannot run, or what
// they are), a form to run them against a catalog and model, and every run the viewer may see.

export interface TriggersPanelProps {
  /** `versions`: every version's number, for an A/B against another version's description. */
  skill: { id: string; name: string; currentVersion: number; canEdit: boolean; versions: number[] };
  tests: TriggerTestsView;
  runs: EvalRunView[];
  options: EvalOptions;
  versionHref: (version: number) => string;
}

const WHAT =
  "Trigger tests are requests that should make an agent load this skill, and near misses that should not. They answer whether the description does its job: each request is one first turn, and what the model loads is the verdict.";

export function TriggersPanel({ skill, tests, runs, options, versionHref }: TriggersPanelProps) {
  const base = `/skills/${encodeURIComponent(skill.id)}/edit`;
  const pinnedOld = tests.version !== skill.currentVersion;
  const editLink = (label: string, href: string) =>
    skill.canEdit ? (
      <Button asChild variant="outline" size="sm">
        <Link href={href}>
          <PencilIcon aria-hidden /> {label}
          {pinnedOld ? ` (in v${skill.currentVersion})` : ""}
        </Link>
      </Button>
    ) : null;
  const runnable = tests.exists && tests.problems.length === 0 && tests.tests.length > 0;
  const modelLabels = Object.fromEntries(options.models.map((m) => [m.id, m.label]));

  return (
    <section aria-labelledby="triggers-title" className="grid gap-6">
      <div className="grid gap-3 rounded-xl border bg-card px-5 py-4 shadow-xs">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="triggers-title" className="flex items-center gap-2 text-base font-semibold">
              <CrosshairIcon aria-hidden className="size-5 text-primary" /> Trigger tests of v{tests.version}
            </h2>
            <p className="max-w-prose text-sm text-muted-foreground">
              {tests.exists ? (
                <>
                  Stored in <code className="font-mono text-foreground">{TRIGGER_TESTS_PATH}</code>, in the eval-set format of Anthropic&apos;s skill-creator.
                </>
              ) : (
                WHAT
              )}
            </p>
          </div>
          {tests.exists ? editLink("Edit the tests", `${base}?panel=triggers`) : null}
        </div>

        {!tests.exists ? (
          <div className="grid justify-items-start gap-3 rounded-lg border border-dashed px-4 py-4 text-sm" data-testid="triggers-empty">
            <p>
              This version has no trigger tests. They live in the skill as <code className="font-mono">{TRIGGER_TESTS_PATH}</code>: a JSON list of{" "}
              <code className="font-mono text-xs">{`{"query": "…", "should_trigger": true}`}</code>, the file Anthropic&apos;s skill-creator uses for its
              description evals, so the same file works with its scripts. Write a few requests that should load the skill and a few near misses that should not.
            </p>
            {editLink("Write trigger tests", `${base}?panel=triggers`)}
          </div>
        ) : tests.problems.length ? (
          <div role="alert" className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm" data-testid="triggers-problems">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <CircleAlertIcon aria-hidden className="size-4" /> These tests cannot run until the file is fixed
            </p>
            <ul className="list-disc pl-5 font-mono text-xs leading-6">
              {tests.problems.map((problem, i) => (
                <li key={i}>{problem}</li>
              ))}
            </ul>
            <div>{editLink("Fix them in the editor", `${base}?file=${TRIGGER_TESTS_PATH}`)}</div>
          </div>
        ) : tests.tests.length === 0 ? (
          <p className="text-sm text-muted-foreground">The file lists no tests yet.</p>
        ) : (
          <ol className="divide-y rounded-lg border" aria-label="Trigger tests">
            {tests.tests.map((test, i) => (
              <li key={i} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
                <span className="min-w-0 break-words">“{test.query}”</span>
                <Badge variant={test.shouldTrigger ? "secondary" : "outline"}>{test.shouldTrigger ? "should load" : "should not load"}</Badge>
              </li>
            ))}
          </ol>
        )}
      </div>

      {runnable ? (
        <TriggerRunForm
          skillId={skill.id}
          version={tests.version}
          testCount={tests.tests.length}
          options={options}
          otherVersions={skill.versions.filter((n) => n !== tests.version)}
        />
      ) : null}

      <TriggerHistory runs={runs} modelLabels={modelLabels} versionHref={versionHref} />
    </section>
  );
}
