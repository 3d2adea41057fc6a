"use client";
import { useRef, useState } from "react";
import { CircleAlertIcon, FileJsonIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { MAX_TRIGGER_QUERY_CHARS, MAX_TRIGGER_TESTS, TRIGGER_TESTS_PATH, type TriggerTest } from "@/lib/skills/format/trigger-tests";
import { rowsToSave, type DraftTriggerTests } from "./trigger-draft";

/**
 * The editor's Trigger tests panel: the draft's evals/triggers.json as rows (a request and whether
 * it should load the skill), written into the draft on every change; the file's problems; and,
 * when the description changed, the description A/B (`ab`).
 */
export function TriggerTestsDialog({
  open,
  onOpenChange,
  tests,
  onRows,
  onOpenFile,
  ab,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tests: DraftTriggerTests;
  onRows: (rows: TriggerTest[]) => void;
  /** Show evals/triggers.json in the code editor (the panel closes). */
  onOpenFile: () => void;
  ab: React.ReactNode;
  /** Where focus goes back to on close (the panel is opened by state, not by a Radix trigger). */
  returnFocus?: React.RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl"
        onCloseAutoFocus={(event) => {
          if (!returnFocus?.current) return;
          event.preventDefault();
          returnFocus.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Trigger tests</DialogTitle>
          <DialogDescription>
            Requests that should make an agent load this skill, and near misses that should not. Saved with the skill as{" "}
            <code className="font-mono">{TRIGGER_TESTS_PATH}</code> (the eval-set format of Anthropic&apos;s skill-creator); you can also edit that file as
            JSON.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: the rows start from the draft's file each time. */}
        {open ? <TriggerRows tests={tests} onRows={onRows} onOpenFile={onOpenFile} /> : null}
        {ab}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onOpenFile}>
            <FileJsonIcon aria-hidden /> Edit as JSON
          </Button>
          <Button type="button" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function TriggerRows({ tests, onRows, onOpenFile }: { tests: DraftTriggerTests; onRows: (rows: TriggerTest[]) => void; onOpenFile: () => void }) {
  const [editable] = useState(tests.editable);
  const [rows, setRows] = useState<TriggerTest[]>(() => tests.parse.tests);
  const list = useRef<HTMLOListElement>(null);
  const problems = tests.parse.findings;

  const change = (next: TriggerTest[]) => {
    setRows(next);
    onRows(rowsToSave(next));
  };
  const add = () => {
    change([...rows, { query: "", shouldTrigger: true }]);
    // Focus the new request once it is rendered.
    window.setTimeout(() => list.current?.querySelector<HTMLInputElement>("li:last-child input[type=text]")?.focus(), 0);
  };
  const remove = (index: number) => {
    change(rows.filter((_, i) => i !== index));
    window.setTimeout(() => {
      const inputs = list.current?.querySelectorAll<HTMLInputElement>("input[type=text]");
      (inputs?.[Math.min(index, inputs.length - 1)] ?? document.getElementById("trigger-add"))?.focus();
    }, 0);
  };

  const problemList = problems.length ? (
    <div role="alert" className="grid gap-1.5 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm" data-testid="trigger-problems">
      <p className="flex items-center gap-2 font-medium text-destructive">
        <CircleAlertIcon aria-hidden className="size-4" /> {TRIGGER_TESTS_PATH} has {problems.length === 1 ? "a problem" : `${problems.length} problems`}; the
        tests cannot run until it is fixed
      </p>
      <ul className="list-disc pl-5 text-xs">
        {problems.map((finding, i) => (
          <li key={i}>
            {finding.line ? <span className="font-mono">line {finding.line}: </span> : null}
            {finding.message}
          </li>
        ))}
      </ul>
    </div>
  ) : null;

  if (!editable)
    return (
      <div className="grid gap-3">
        {problemList}
        <p className="text-sm">
          The file cannot be shown as rows while it has these problems (rows would drop what they cannot show). Fix it as JSON:{" "}
          <Button type="button" variant="link" className="h-auto p-0" onClick={onOpenFile}>
            open {TRIGGER_TESTS_PATH}
          </Button>
        </p>
      </div>
    );

  return (
    <div className="grid gap-3">
      {problemList}
      {rows.length ? (
        <ol ref={list} className="grid gap-2" aria-label="Trigger tests of the draft">
          {rows.map((row, i) => (
            <li key={i} className="flex flex-wrap items-center gap-2 rounded-md border px-2 py-2 sm:flex-nowrap">
              <span className="w-6 shrink-0 text-right text-xs text-muted-foreground tabular-nums" aria-hidden>
                {i + 1}
              </span>
              <Input
                type="text"
                className="min-w-0 flex-1 basis-56"
                value={row.query}
                maxLength={MAX_TRIGGER_QUERY_CHARS}
                placeholder="A request a user might make"
                aria-label={`Request ${i + 1}`}
                onChange={(event) => change(rows.map((r, k) => (k === i ? { ...r, query: event.target.value } : r)))}
              />
              <label className="flex shrink-0 items-center gap-1.5 text-sm whitespace-nowrap">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={row.shouldTrigger}
                  aria-label={`Request ${i + 1} should load the skill`}
                  onChange={(event) => change(rows.map((r, k) => (k === i ? { ...r, shouldTrigger: event.target.checked } : r)))}
                />
                should load
              </label>
              <Button type="button" variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`Remove request ${i + 1}`} onClick={() => remove(i)}>
                <Trash2Icon aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-md border border-dashed px-3 py-3 text-sm text-muted-foreground">
          No tests yet. Add a few requests that should load the skill, and a few near misses that should not (untick “should load”). A row left empty is not
          saved.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button id="trigger-add" type="button" variant="outline" size="sm" onClick={add} disabled={rows.length >= MAX_TRIGGER_TESTS}>
          <PlusIcon aria-hidden /> Add a request
        </Button>
        <span className="text-xs text-muted-foreground">
          {rows.filter((r) => r.shouldTrigger).length} should load · {rows.filter((r) => !r.shouldTrigger).length} should not
        </span>
      </div>
    </div>
  );
}
