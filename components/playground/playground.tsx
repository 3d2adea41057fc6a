"use client";
import { useMemo, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ChevronDownIcon, MessageSquareIcon, PlusIcon, SlidersHorizontalIcon, Trash2Icon } from "lucide-react";
import { deleteConversationAction } from "@/lib/actions/playground";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { formatRelative } from "@/lib/display";
import type {
  AgentProfileInfo,
  CatalogEntry,
  ConversationDetail,
  ConversationSummary,
  ExecutionStatus,
  ModelOption,
  PlaygroundSetup,
  ShadowedEntry,
} from "@/lib/types/playground";
import { cn } from "@/lib/utils";
import { ChatPanel } from "./chat-panel";
import { SetupPanel } from "./setup-panel";

export function Playground({
  conversation,
  conversations: initialConversations,
  defaultSetup,
  entries,
  shadowed,
  profiles: initialProfiles,
  models,
  execution,
}: {
  conversation: ConversationDetail | null;
  conversations: ConversationSummary[];
  defaultSetup: PlaygroundSetup;
  entries: CatalogEntry[];
  shadowed: ShadowedEntry[];
  profiles: AgentProfileInfo[];
  models: ModelOption[];
  execution: ExecutionStatus;
}) {
  const router = useRouter();
  const [setup, setSetup] = useState<PlaygroundSetup>(() => setupOf(conversation, defaultSetup, models));
  const [profiles, setProfiles] = useState(initialProfiles);
  const [conversations, setConversations] = useState(initialConversations);
  const [activeId, setActiveId] = useState(conversation?.id ?? null);
  // The chat remounts only when the user opens another conversation (or a new one). A refresh of
  // this page (after a server action, or once a new conversation got its URL) keeps it as it is.
  const [session, setSession] = useState(0);
  const [shownId, setShownId] = useState(conversation?.id ?? null);
  const propId = conversation?.id ?? null;
  if (propId !== shownId) {
    setShownId(propId);
    if (propId !== activeId) {
      setActiveId(propId);
      setSetup(setupOf(conversation, defaultSetup, models));
      setSession((n) => n + 1);
    }
  }
  const [deleting, startDelete] = useTransition();
  // Below the lg breakpoint the setup and the conversation list fold behind one button: stacked
  // above the chat they filled a phone's first screens, and the chat is what people came for.
  const [setupOpen, setSetupOpen] = useState(false);
  const modelLabel = models.find((m) => m.id === setup.modelId)?.label ?? setup.modelId;

  // What the page loaded, unless the user has since started a new conversation.
  const shown = conversation && conversation.id === activeId ? conversation : null;
  const mentionOptions = useMemo(() => entries.map((e) => ({ name: e.name, description: e.description, userInvocable: e.userInvocable })), [entries]);
  const skillIds = useMemo(() => new Map(entries.map((e) => [e.name, e.skillId])), [entries]);

  function onSaved(saved: { id: string; title: string }) {
    setActiveId(saved.id);
    setConversations((list) => {
      const existing = list.find((c) => c.id === saved.id);
      const entry: ConversationSummary = { id: saved.id, title: saved.title, updatedAt: new Date(), turns: (existing?.turns ?? 0) + 1 };
      return [entry, ...list.filter((c) => c.id !== saved.id)];
    });
    // The conversation's own URL, without remounting the chat that is showing it.
    window.history.replaceState(null, "", `/playground?c=${encodeURIComponent(saved.id)}`);
  }

  // The chat may be showing a conversation it created itself (its URL set without a navigation),
  // so a new one is started here rather than by a link the page would treat as "no change". It
  // keeps the setup (catalog, agent profile, model): a new conversation is usually another try of it.
  function startNew() {
    setActiveId(null);
    setSession((n) => n + 1);
    setSetupOpen(false);
    // The new chat starts at the top of the page, not where the list (or the settings) was scrolled.
    window.scrollTo({ top: 0 });
    if (window.location.search) router.push("/playground");
  }

  function remove(target: ConversationSummary) {
    if (!window.confirm(`Delete the conversation "${target.title}"?`)) return;
    startDelete(async () => {
      const result = await deleteConversationAction(target.id);
      if (!result.ok) return void toast.error(result.message);
      setConversations((list) => list.filter((c) => c.id !== target.id));
      if (target.id === activeId) startNew();
    });
  }

  return (
    <div className="grid items-start gap-4 lg:grid-cols-[20rem_minmax(0,1fr)] lg:gap-6">
      <Button
        type="button"
        variant="outline"
        className="h-auto min-w-0 justify-start gap-3 py-2 text-left lg:hidden"
        aria-expanded={setupOpen}
        aria-controls="playground-setup"
        onClick={() => setSetupOpen((open) => !open)}
      >
        <SlidersHorizontalIcon aria-hidden />
        <span className="grid min-w-0 flex-1">
          <span>Setup and conversations</span>
          <span className="truncate text-xs font-normal text-muted-foreground">
            {modelLabel} · {conversations.length} {conversations.length === 1 ? "conversation" : "conversations"}
          </span>
        </span>
        <ChevronDownIcon aria-hidden className={cn("transition-transform", setupOpen && "rotate-180")} />
      </Button>
      <aside
        id="playground-setup"
        className={cn(
          setupOpen ? "grid" : "hidden",
          "min-w-0 grid-cols-[minmax(0,1fr)] gap-4 lg:sticky lg:top-20 lg:grid lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:pb-2",
        )}
        aria-label="Playground setup"
      >
        <nav aria-label="Conversations" className="rounded-xl border bg-card shadow-xs">
          <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
            <h2 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Conversations</h2>
            <Button size="sm" variant="ghost" className="h-7 px-2" onClick={startNew} aria-label="New conversation">
              <PlusIcon aria-hidden /> New
            </Button>
          </div>
          {conversations.length ? (
            <ul className="max-h-52 overflow-auto p-1.5">
              {conversations.map((c) => (
                <li key={c.id} className={cn("group flex items-center gap-1 rounded-md", c.id === activeId && "bg-accent")}>
                  <Link
                    href={`/playground?c=${encodeURIComponent(c.id)}`}
                    aria-current={c.id === activeId ? "page" : undefined}
                    title={c.title}
                    className="flex min-w-0 flex-1 items-start gap-2 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-3 focus-visible:ring-ring/50"
                  >
                    <MessageSquareIcon className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                    {/* Two lines and the time beneath: titles are a first message's opening words, and one truncated line made "Use the deploy-checklist skill…" of them all. */}
                    <span className="grid min-w-0 flex-1">
                      <span className="line-clamp-2 [overflow-wrap:anywhere]" data-testid="conversation-title">
                        {c.title}
                      </span>
                      <span className="text-[11px] text-muted-foreground" suppressHydrationWarning>
                        {formatRelative(new Date(c.updatedAt))}
                        {c.turns > 1 ? ` · ${c.turns} turns` : ""}
                      </span>
                    </span>
                  </Link>
                  <button
                    type="button"
                    disabled={deleting}
                    onClick={() => remove(c)}
                    aria-label={`Delete conversation ${c.title}`}
                    className="mr-1 rounded p-1 text-muted-foreground opacity-0 outline-none group-hover:opacity-100 hover:text-destructive focus-visible:opacity-100 focus-visible:ring-3 focus-visible:ring-ring/50"
                  >
                    <Trash2Icon className="size-3.5" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="px-4 py-3 text-sm text-muted-foreground">No conversations yet. Your first message starts one.</p>
          )}
        </nav>
        <SetupPanel
          setup={setup}
          onChange={setSetup}
          entries={entries}
          shadowed={shadowed}
          profiles={profiles}
          onProfiles={setProfiles}
          models={models}
          execution={execution}
        />
      </aside>
      <ChatPanel
        key={session}
        conversationId={shown?.id ?? null}
        initialMessages={shown?.messages ?? []}
        setup={setup}
        models={models}
        mentionOptions={mentionOptions}
        skillIds={skillIds}
        execution={execution}
        onSaved={onSaved}
      />
    </div>
  );
}

function setupOf(conversation: ConversationDetail | null, defaultSetup: PlaygroundSetup, models: ModelOption[]): PlaygroundSetup {
  const stored = conversation?.setup;
  if (!stored) return defaultSetup;
  // A conversation stored with a model this server no longer offers continues with the default.
  return { ...stored, modelId: models.some((m) => m.id === stored.modelId) ? stored.modelId : defaultSetup.modelId };
}
