"use client";
import dynamic from "next/dynamic";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { AlertTriangleIcon, BookOpenIcon, BookXIcon, BotIcon, FileTextIcon, LoaderIcon, SearchIcon, XCircleIcon } from "lucide-react";
import type { Root } from "hast";
import { skillRoutes } from "@/components/skills/skill-routes";
import { onlyBuiltUrls, resolveUrls, urlComponents, type LinkContext, type Resolutions } from "@/components/skills/markdown/url-rules";
import { chatFiles, turnSkills, type ChatFile, type LoadedSkill } from "@/lib/playground/chat-links";
import type { DisclosureEvent, TurnLedger } from "@/lib/playground/domain";
import type { PlaygroundMessage } from "@/lib/types/playground";
import { cn } from "@/lib/utils";
import { AttachmentChips } from "./attachment-chips";
import { attachmentsOf } from "./attachments";
import { LedgerCard } from "./ledger";
import type { CallApproval } from "./approval-prompt";
import { RunCard } from "./run-card";
import {
  approvalStateOf,
  approvalSummary,
  ranEventOf,
  SKILL_TOOLS,
  toolCallOf,
  toolNameOf,
  turnEvents,
  unloadSummary,
  type ApprovalAnswer,
  type ToolCallPart,
} from "./tool-calls";

// Calls of tools skills bind are rare next to chat turns: their card is its own chunk.
const CallCard = dynamic(() => import("./call-card").then((m) => m.CallCard));

const TOOL_ICONS = { load_skill: BookOpenIcon, read_skill_resource: FileTextIcon, search_skills: SearchIcon, unload_skill: BookXIcon } as const;

/** The turn's ledger: the last one, since a turn that waited for approval is continued and its ledger sent again. */
export function ledgerOf(message: PlaygroundMessage): TurnLedger | null {
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const part = message.parts[i];
    if (part.type === "data-ledger") return part.data;
  }
  return null;
}

/** How the chat lets a card answer an approval: the user's clicks so far, and the answer (absent while a request is in flight). */
export interface ApprovalControls {
  decisions: ReadonlyMap<string, ApprovalAnswer>;
  answer?: (approvalId: string, decision: ApprovalAnswer) => void;
}

// The skill page's URL rules, sized for a chat bubble (skill-content.css styles them under .prose only).
const URL_RULE_STYLES =
  "[&_.md-image]:my-1 [&_.md-image]:max-h-96 [&_.md-image]:max-w-full [&_.md-image]:rounded-md [&_.md-image]:border [&_.md-image]:bg-white [&_.md-image]:p-1 [&_.md-image-note]:inline-flex [&_.md-image-note]:flex-wrap [&_.md-image-note]:items-center [&_.md-image-note]:gap-1.5 [&_.md-image-note]:rounded [&_.md-image-note]:border [&_.md-image-note]:border-dashed [&_.md-image-note]:px-2 [&_.md-image-note-text]:text-xs [&_.md-image-note-text]:text-muted-foreground [&_.md-link-icon]:ml-0.5 [&_.md-link-icon]:inline [&_.md-link-icon]:size-3 [&_.md-broken]:text-destructive [&_.md-unsafe]:text-muted-foreground [&_.md-unsafe]:line-through";

/**
 * Chat Markdown from the model: no raw HTML (react-markdown shows it as text), and links and images
 * under the skill page's rules (url-rules.tsx): no remote images, and relative paths resolve to the
 * files of the skills this turn loaded (`files`, see lib/playground/chat-links.ts).
 */
export function ChatMarkdown({ text, files, skills }: { text: string; files: ReadonlyMap<string, ChatFile>; skills: readonly string[] }) {
  const route = (path: string) => {
    const file = files.get(path)!;
    return skillRoutes(file.skillId, file.version, true);
  };
  const context: LinkContext = {
    path: "SKILL.md",
    files,
    fileHref: (path, id) => route(path).file(path, id),
    rawHref: (path) => route(path).raw(path),
    filesInNewTab: true,
    versionLabel: skills.length ? skills.join(" or ") : "any skill this turn loaded",
  };
  const resolved: Resolutions = new WeakMap();
  return (
    <div
      className={cn(
        "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 text-sm leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_h1]:text-base [&_h1]:font-semibold [&_h2]:text-base [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:text-xs [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-5",
        URL_RULE_STYLES,
      )}
    >
      <Markdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[() => (tree: Root) => resolveUrls(tree, context, resolved)]}
        components={urlComponents(resolved, context)}
        urlTransform={onlyBuiltUrls}
      >
        {text}
      </Markdown>
    </div>
  );
}

export function UserMessage({ message }: { message: PlaygroundMessage }) {
  const text = message.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join("\n");
  const attachments = attachmentsOf(message);
  return (
    <div className="flex flex-col items-end gap-1.5">
      <div
        className="max-w-[85%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-sm whitespace-pre-wrap text-primary-foreground shadow-xs"
        data-testid="user-message"
      >
        {text}
      </div>
      <AttachmentChips items={attachments} className="max-w-[85%] justify-end" />
    </div>
  );
}

export function AssistantMessage({
  message,
  modelLabel,
  liveEvents,
  streaming,
  skillIds,
  loaded,
  toolSkills,
  approvals,
}: {
  message: PlaygroundMessage;
  modelLabel: string;
  liveEvents: DisclosureEvent[];
  streaming: boolean;
  skillIds: ReadonlyMap<string, string>;
  /** Every skill the conversation has loaded so far, with its files (lib/playground/chat-links.ts). */
  loaded: ReadonlyMap<string, LoadedSkill>;
  /** Which skill binds each tool the conversation activated or called (tool-calls.ts bindingSkills). */
  toolSkills: ReadonlyMap<string, string>;
  approvals: ApprovalControls;
}) {
  const ledger = ledgerOf(message);
  // While the turn streams its ledger is not there yet (or is the one stored while it waited for
  // approval): the live events say what it did since.
  const events = turnEvents(ledger, liveEvents);
  const quoted = turnSkills({ events, router: ledger?.router ?? null });
  const files = chatFiles(quoted, loaded);
  const notices = message.parts.flatMap((p) => (p.type === "data-notice" ? [p.data.message] : []));
  const hasText = message.parts.some((p) => p.type === "text" && p.text.trim());
  return (
    <article
      className="flex gap-3"
      aria-label={ledger ? `Answer to turn ${ledger.turn}` : "Answer"}
      id={ledger ? `turn-${ledger.turn}` : undefined}
      data-testid="assistant-message"
    >
      <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full border bg-background text-muted-foreground" aria-hidden>
        <BotIcon className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="mb-1.5 text-xs font-medium text-muted-foreground">{modelLabel}</p>
        {notices.map((n, i) => (
          <p key={i} className="mb-2 flex gap-2 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-200">
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {n}
          </p>
        ))}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
          {message.parts.map((part, i) => {
            if (part.type === "text") return part.text.trim() ? <ChatMarkdown key={i} text={part.text} files={files} skills={quoted} /> : null;
            const call = toolCallOf(part);
            if (!call) return null;
            const name = toolNameOf(call);
            if (name !== "skill_run" && SKILL_TOOLS.has(name)) return <ToolChip key={call.toolCallId} part={call} events={events} />;
            const ran = ranEventOf(call, message.parts, events);
            const skill = name === "skill_run" ? (call.input as { skill?: string } | undefined)?.skill : toolSkills.get(name);
            const decision = call.approval && approvals.decisions.get(call.approval.id);
            const approval: CallApproval = {
              state: approvalStateOf(call, events, ran, decision),
              summary: approvalSummary(call, events, skill),
              decision,
              onAnswer: approvals.answer,
              sending: streaming,
            };
            if (name !== "skill_run") return <CallCard key={call.toolCallId} part={call} skill={skill} outcome={ran} approval={approval} />;
            const runFiles = message.parts.find((p) => p.type === "data-run-files" && p.data.toolCallId === call.toolCallId);
            return (
              <RunCard
                key={call.toolCallId}
                part={call}
                files={runFiles?.type === "data-run-files" ? runFiles.data : undefined}
                streaming={streaming}
                approval={approval}
              />
            );
          })}
          {streaming && !hasText ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderIcon className="size-4 animate-spin" aria-hidden /> Thinking…
            </p>
          ) : null}
        </div>
        {ledger || liveEvents.length ? <LedgerCard ledger={ledger} events={events} skillIds={skillIds} streaming={streaming} /> : null}
      </div>
    </article>
  );
}

function ToolChip({ part, events }: { part: ToolCallPart; events: readonly DisclosureEvent[] }) {
  const name = toolNameOf(part);
  const Icon = TOOL_ICONS[name as keyof typeof TOOL_ICONS] ?? BookOpenIcon;
  const args = (part.input ?? {}) as { name?: string; path?: string; query?: string };
  const label = [args.name, args.path, args.query ? `"${args.query}"` : undefined].filter(Boolean).join(" · ");
  const failed = part.state === "output-error";
  const done = part.state === "output-available";
  return (
    // Wraps anywhere: a long query is one unbroken line otherwise, and its min-content width would
    // widen the whole message column past the composer.
    <p
      className={cn(
        "flex w-fit max-w-full min-w-0 items-start gap-1.5 rounded-md border bg-background px-2 py-1 font-mono text-xs",
        failed ? "border-destructive/40 text-destructive dark:text-red-300" : "text-muted-foreground",
      )}
      title={part.errorText}
    >
      {failed ? (
        <XCircleIcon className="mt-px size-3.5 shrink-0" aria-hidden />
      ) : done ? (
        <Icon className="mt-px size-3.5 shrink-0" aria-hidden />
      ) : (
        <LoaderIcon className="mt-px size-3.5 shrink-0 animate-spin" aria-hidden />
      )}
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {name === "unload_skill" && done && args.name ? unloadSummary(args.name, events) : `${name}(${label})`}
      </span>
    </p>
  );
}
