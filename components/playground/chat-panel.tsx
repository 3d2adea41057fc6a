"use client";
import { useEffect, useRef, useState } from "react";
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from "ai";
import { AlertCircleIcon, MessagesSquareIcon, PaperclipIcon, RotateCcwIcon, ShieldQuestionIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { loadedSkills } from "@/lib/playground/chat-links";
import type { DisclosureEvent } from "@/lib/playground/domain";
import { MAX_MESSAGE_CHARS } from "@/lib/playground/inputs";
import type { ExecutionStatus, ModelOption, PlaygroundMessage, PlaygroundSetup } from "@/lib/types/playground";
import { AttachButton, AttachmentChips, AttachmentProblems } from "./attachment-chips";
import { chatRequestBody } from "./chat-request";
import { LedgerTimeline } from "./ledger-timeline";
import { MentionInput, type MentionOption } from "./mention-input";
import { AssistantMessage, ledgerOf, UserMessage } from "./message-view";
import { bindingSkills, pendingApproval, type ApprovalAnswer } from "./tool-calls";
import { useApprovalDecisions } from "./use-approvals";
import { useAttachments } from "./use-attachments";

/** The route answers refusals as JSON ({ error: { message } }); stream errors arrive as plain text. */
function readableError(error: Error): string {
  try {
    const parsed = JSON.parse(error.message) as { error?: { message?: string } };
    if (parsed.error?.message) return parsed.error.message;
  } catch {
    // not JSON: already a sentence
  }
  return error.message || "Something went wrong.";
}

function hasVisibleParts(message: PlaygroundMessage): boolean {
  return message.parts.some(
    (p) =>
      (p.type === "text" && p.text.trim() !== "") ||
      p.type.startsWith("tool-") ||
      p.type === "dynamic-tool" ||
      p.type === "data-notice" ||
      p.type === "data-ledger",
  );
}

export function ChatPanel({
  conversationId,
  initialMessages,
  setup,
  models,
  mentionOptions,
  skillIds,
  execution,
  onSaved,
}: {
  conversationId: string | null;
  initialMessages: PlaygroundMessage[];
  setup: PlaygroundSetup;
  models: ModelOption[];
  mentionOptions: MentionOption[];
  skillIds: ReadonlyMap<string, string>;
  execution: ExecutionStatus;
  onSaved: (conversation: { id: string; title: string }) => void;
}) {
  const [savedId, setSavedId] = useState(conversationId);
  const [liveEvents, setLiveEvents] = useState<DisclosureEvent[]>([]);
  const endRef = useRef<HTMLDivElement>(null);
  const attachments = useAttachments();
  const [dragging, setDragging] = useState(false);
  // Attachments are for scripts (inputs/); where nothing runs, there is nothing to attach for.
  const canAttach = execution.enabled;

  const approvals = useApprovalDecisions();
  // The server keeps the history: a request carries only what is new (chat-request.ts).
  const [transport] = useState(
    () =>
      new DefaultChatTransport<PlaygroundMessage>({
        api: "/api/playground/chat",
        prepareSendMessagesRequest: ({ messages, body }) => ({ body: chatRequestBody(messages, body, approvals.current.current) }),
      }),
  );

  const { messages, sendMessage, regenerate, stop, status, error, clearError, addToolApprovalResponse } = useChat<PlaygroundMessage>({
    id: conversationId ?? undefined,
    messages: initialMessages,
    transport,
    // Once every call the answer waits on is answered, the turn goes on (the same assistant message).
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onData: (part) => {
      if (part.type === "data-event") setLiveEvents((events) => [...events, part.data]);
      if (part.type === "data-conversation") {
        setSavedId(part.data.id);
        onSaved(part.data);
      }
    },
  });

  const busy = status === "submitted" || status === "streaming";
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [messages.length, status]);

  const labels = new Map(models.map((m) => [m.id, m.label]));
  const ledgers = messages.flatMap((m) => {
    const ledger = m.role === "assistant" ? ledgerOf(m) : null;
    return ledger ? [ledger] : [];
  });
  const lastAssistant = messages.at(-1)?.role === "assistant" ? messages.at(-1) : undefined;
  const allEvents = [...ledgers.flatMap((l) => l.events), ...liveEvents];
  const loaded = loadedSkills(allEvents);
  const toolSkills = bindingSkills(allEvents);
  const waiting = pendingApproval(messages);

  function send(text: string) {
    clearError();
    setLiveEvents([]);
    void sendMessage({ text, files: attachments.take() }, { body: { conversationId: savedId, setup } });
  }

  // An answer to the calls the last answer waits on; the last one sends them all (sendAutomaticallyWhen).
  function answer(approvalId: string, decision: ApprovalAnswer) {
    approvals.record(approvalId, decision);
    clearError();
    // The paused turn's events are in its stored ledger; the continuation streams its own.
    setLiveEvents([]);
    void addToolApprovalResponse({ id: approvalId, approved: decision !== "deny", options: { body: { conversationId: savedId, setup } } });
  }

  function retry() {
    clearError();
    setLiveEvents([]);
    const body = { conversationId: savedId, setup };
    // A continuation that failed is sent again with the same answers; a new turn is asked again.
    if (waiting === "answered") void sendMessage(undefined, { body });
    else void regenerate({ body });
  }

  const hasFiles = (e: React.DragEvent) => canAttach && e.dataTransfer.types.includes("Files");
  return (
    <section
      aria-label="Chat"
      className="relative flex min-h-[32rem] min-w-0 flex-col gap-4"
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        setDragging(false);
        if (!hasFiles(e)) return;
        e.preventDefault();
        void attachments.add(e.dataTransfer.files);
      }}
    >
      {dragging ? (
        <div className="pointer-events-none absolute inset-0 z-30 flex items-center justify-center rounded-xl border-2 border-dashed border-primary bg-background/80 text-sm font-medium backdrop-blur-sm">
          <PaperclipIcon className="mr-2 size-4" aria-hidden /> Drop files to attach them to your message
        </div>
      ) : null}
      <LedgerTimeline ledgers={ledgers} />
      {/* One column no wider than the section: a message's long unbroken text must not widen it past the composer. */}
      <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] content-start gap-6" aria-live="polite" aria-busy={busy}>
        {messages.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center">
            <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-accent text-primary">
              <MessagesSquareIcon className="size-6" aria-hidden />
            </span>
            <h2 className="text-base font-semibold">Try your skills</h2>
            <p className="mt-1.5 max-w-md text-sm text-muted-foreground">
              Ask something one of your skills covers. Each answer shows its ledger: which skills were offered, which the model loaded, what it read, and what
              that cost.
            </p>
          </div>
        ) : (
          messages.map((message) =>
            // A turn that failed before the model said anything leaves an empty answer: the error below speaks for it.
            message.role === "assistant" && !hasVisibleParts(message) && !(busy && message === lastAssistant) ? null : message.role === "user" ? (
              <UserMessage key={message.id} message={message} />
            ) : (
              <AssistantMessage
                key={message.id}
                message={message}
                modelLabel={labels.get(ledgerOf(message)?.modelId ?? setup.modelId) ?? ledgerOf(message)?.modelId ?? "Model"}
                liveEvents={message === lastAssistant && (busy || !ledgerOf(message)) ? liveEvents : []}
                streaming={busy && message === lastAssistant}
                skillIds={skillIds}
                loaded={loaded}
                toolSkills={toolSkills}
                approvals={{ decisions: approvals.decisions, answer: message === lastAssistant && !busy ? answer : undefined }}
              />
            ),
          )
        )}
        {status === "submitted" && messages.at(-1)?.role === "user" ? <p className="pl-10 text-sm text-muted-foreground">Waiting for the model…</p> : null}
        {error ? (
          <div role="alert" className="flex flex-wrap items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
            <AlertCircleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-destructive dark:text-red-300">
                {waiting === "answered" ? "Your answer was not sent; the turn still waits for it." : "The turn failed; nothing was saved."}
              </p>
              <p className="mt-0.5 text-muted-foreground">{readableError(error)}</p>
            </div>
            <Button size="sm" variant="outline" onClick={retry}>
              <RotateCcwIcon /> Retry
            </Button>
          </div>
        ) : null}
        <div ref={endRef} />
      </div>
      {/* Opaque: messages scrolling beneath a translucent bar showed through as faint text under the hint. */}
      <div className="sticky bottom-0 grid gap-2 bg-background pt-2 pb-3" data-testid="composer-bar">
        <AttachmentProblems problems={attachments.problems} onDismiss={attachments.dismiss} />
        {waiting && !busy ? <ApprovalNotice failed={waiting === "answered" && !!error} /> : null}
        <MentionInput
          options={mentionOptions}
          onSend={send}
          onStop={() => void stop()}
          busy={busy}
          disabled={waiting !== null}
          placeholder={waiting === "requested" ? "Answer the approval above to go on" : waiting ? "Your answer goes first" : undefined}
          maxLength={MAX_MESSAGE_CHARS}
          attachments={attachments.items.length ? <AttachmentChips items={attachments.items} onRemove={attachments.remove} /> : undefined}
          attachButton={canAttach ? <AttachButton onFiles={(files) => void attachments.add(files)} /> : undefined}
        />
      </div>
    </section>
  );
}

/** Above the composer while the turn waits for the user: what to do, and a way there for keyboard users. */
function ApprovalNotice({ failed }: { failed: boolean }) {
  return (
    <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
      <ShieldQuestionIcon className="size-4 shrink-0 text-amber-600 dark:text-amber-300" aria-hidden />
      <span className="min-w-0 flex-1">{failed ? "Your answer was not sent: retry above to go on." : "Answer the approval above to go on."}</span>
      {failed ? null : (
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => {
            const first = document.querySelector<HTMLElement>("[data-approval-pending] button:not(:disabled)");
            first?.scrollIntoView({ block: "center", behavior: "smooth" });
            first?.focus({ preventScroll: true });
          }}
        >
          Go to the approval
        </Button>
      )}
    </p>
  );
}
