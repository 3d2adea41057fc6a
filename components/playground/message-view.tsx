"use client";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { AlertTriangleIcon, BookOpenIcon, BotIcon, FileTextIcon, LoaderIcon, SearchIcon, XCircleIcon } from "lucide-react";
import type { Root } from "hast";
import { skillRoutes } from "@/components/skills/skill-routes";
import { onlyBuiltUrls, resolveUrls, urlComponents, type LinkContext, type Resolutions } from "@/components/skills/markdown/url-rules";
import { chatFiles, turnSkills, type ChatFile, type LoadedSkill } from "@/lib/playground/chat-links";
import type { DisclosureEvent, TurnLedger } from "@/lib/playground/types";
import type { PlaygroundMessage } from "@/lib/types/playground";
import { cn } from "@/lib/utils";
import { AttachmentChips } from "./attachment-chips";
import { attachmentsOf } from "./attachments";
import { LedgerCard } from "./ledger";
import { RunCard } from "./run-card";

const TOOL_ICONS = { load_skill: BookOpenIcon, read_skill_resource: FileTextIcon, search_skills: SearchIcon } as const;

export function ledgerOf(message: PlaygroundMessage): TurnLedger | null {
  for (const part of message.parts) if (part.type === "data-ledger") return part.data;
  return null;
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
}: {
  message: PlaygroundMessage;
  modelLabel: string;
  liveEvents: DisclosureEvent[];
  streaming: boolean;
  skillIds: ReadonlyMap<string, string>;
  /** Every skill the conversation has loaded so far, with its files (lib/playground/chat-links.ts). */
  loaded: ReadonlyMap<string, LoadedSkill>;
}) {
  const ledger = ledgerOf(message);
  // While the turn streams its ledger is not there yet: the live events say what it loaded.
  const quoted = turnSkills(ledger ?? { events: liveEvents, router: null });
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
            if (part.type === "tool-skill_run" && "toolCallId" in part) {
              const files = message.parts.find((p) => p.type === "data-run-files" && p.data.toolCallId === part.toolCallId);
              return (
                <RunCard
                  key={part.toolCallId}
                  part={{ ...part, errorText: "errorText" in part ? part.errorText : undefined }}
                  files={files?.type === "data-run-files" ? files.data : undefined}
                  streaming={streaming}
                />
              );
            }
            if (part.type.startsWith("tool-") && "toolCallId" in part) {
              const name = part.type.slice(5) as keyof typeof TOOL_ICONS;
              return (
                <ToolChip
                  key={part.toolCallId}
                  name={name}
                  input={part.input}
                  state={part.state}
                  errorText={"errorText" in part ? part.errorText : undefined}
                />
              );
            }
            return null;
          })}
          {streaming && !hasText ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LoaderIcon className="size-4 animate-spin" aria-hidden /> Thinking…
            </p>
          ) : null}
        </div>
        {ledger || liveEvents.length ? <LedgerCard ledger={ledger} events={liveEvents} skillIds={skillIds} streaming={streaming} /> : null}
      </div>
    </article>
  );
}

function ToolChip({ name, input, state, errorText }: { name: string; input: unknown; state: string; errorText?: string }) {
  const Icon = TOOL_ICONS[name as keyof typeof TOOL_ICONS] ?? BookOpenIcon;
  const args = (input ?? {}) as { name?: string; path?: string; query?: string };
  const label = [args.name, args.path, args.query ? `"${args.query}"` : undefined].filter(Boolean).join(" · ");
  const failed = state === "output-error";
  return (
    // Wraps anywhere: a long query is one unbroken line otherwise, and its min-content width would
    // widen the whole message column past the composer.
    <p
      className={cn(
        "flex w-fit max-w-full min-w-0 items-start gap-1.5 rounded-md border bg-background px-2 py-1 font-mono text-xs",
        failed ? "border-destructive/40 text-destructive dark:text-red-300" : "text-muted-foreground",
      )}
      title={errorText}
    >
      {failed ? (
        <XCircleIcon className="mt-px size-3.5 shrink-0" aria-hidden />
      ) : state === "output-available" ? (
        <Icon className="mt-px size-3.5 shrink-0" aria-hidden />
      ) : (
        <LoaderIcon className="mt-px size-3.5 shrink-0 animate-spin" aria-hidden />
      )}
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {name}({label})
      </span>
    </p>
  );
}
