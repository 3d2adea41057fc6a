import { AlertTriangleIcon, ChevronRightIcon, LoaderCircleIcon } from "lucide-react";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber } from "@/lib/display";
import type { PlaygroundSetup, PromptPreviewResult } from "@/lib/types/playground";
import { Section } from "./setup-section";

/** The instruction header, and the system prompt the server would send with it: tokens, budget warnings and the full text. */
export function SystemPromptSection({
  setup,
  set,
  preview,
  loading,
  profileInstructions,
}: {
  setup: PlaygroundSetup;
  set: (patch: Partial<PlaygroundSetup>) => void;
  preview: PromptPreviewResult | null;
  loading: boolean;
  /** The selected profile's instructions, which a blank header falls back to. */
  profileInstructions: string | undefined;
}) {
  return (
    <Section title="System prompt" aside={<PromptTokens preview={preview} loading={loading} />}>
      <label htmlFor="instructions" className="text-sm font-medium">
        Instruction header
      </label>
      <Textarea
        id="instructions"
        value={setup.instructions}
        onChange={(e) => set({ instructions: e.target.value })}
        rows={4}
        placeholder={preview?.ok ? preview.header : "Blank uses the default header."}
        className="text-xs leading-relaxed placeholder:text-muted-foreground/80"
      />
      <p className="text-xs text-muted-foreground">Blank uses {profileInstructions ? "the profile's instructions" : "the default header"}.</p>
      {preview?.ok && preview.overBudget ? (
        <div className="flex gap-2 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-xs text-amber-800 dark:text-amber-200" role="status">
          <AlertTriangleIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <div>
            The catalog takes {formatNumber(preview.catalogTokens)} tokens, over this model&apos;s budget of {formatNumber(preview.overBudget.budget)}.{" "}
            <button type="button" className="font-medium underline underline-offset-2" onClick={() => set({ mode: "search" })}>
              Switch to search mode
            </button>
          </div>
        </div>
      ) : null}
      {preview?.ok && preview.notices.length ? (
        <ul className="grid gap-1 text-xs text-amber-800 dark:text-amber-200">
          {preview.notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {preview && !preview.ok ? (
        <p role="alert" className="text-xs text-destructive dark:text-red-300">
          {preview.message}
        </p>
      ) : null}
      <details className="group">
        <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded text-sm font-medium outline-none focus-visible:ring-3 focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
          <ChevronRightIcon className="size-4 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden />
          Preview
        </summary>
        <pre
          data-testid="system-prompt"
          className="mt-2 max-h-80 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-[11px] leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]"
        >
          {preview?.ok ? preview.system : "…"}
        </pre>
      </details>
    </Section>
  );
}

function PromptTokens({ preview, loading }: { preview: PromptPreviewResult | null; loading: boolean }) {
  if (!preview?.ok) return loading ? <LoaderCircleIcon className="size-3.5 animate-spin text-muted-foreground" aria-label="Counting tokens" /> : null;
  return (
    <span className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="catalog-tokens">
      {loading ? <LoaderCircleIcon className="size-3 animate-spin" aria-hidden /> : null}
      <span>
        catalog <strong className="font-semibold text-foreground tabular-nums">{formatNumber(preview.catalogTokens)}</strong> tok · {preview.skillCount} skills
      </span>
    </span>
  );
}
