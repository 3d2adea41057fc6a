import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { MessagesSquareIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { Playground } from "@/components/playground/playground";
import { listModels } from "@/lib/ai/models";
import { getConversation, getPlaygroundCatalog, listConversations } from "@/lib/data/playground";
import { listProfiles } from "@/lib/data/profiles";
import { getExecutionStatus } from "@/lib/data/playground";
import { requireViewer } from "@/lib/data/core";
import { OFFLINE_ROUTER_ID } from "@/lib/playground/domain";
import type { PlaygroundSetup } from "@/lib/types/playground";

export const metadata: Metadata = { title: "Playground" };

export default async function PlaygroundPage({ searchParams }: { searchParams: Promise<{ c?: string | string[] }> }) {
  const viewer = await requireViewer();
  const { c } = await searchParams;
  const conversationId = typeof c === "string" && c ? c : null;
  const [catalog, profiles, conversations, conversation, execution] = await Promise.all([
    getPlaygroundCatalog(viewer),
    listProfiles(viewer),
    listConversations(viewer),
    conversationId ? getConversation(viewer, conversationId) : null,
    getExecutionStatus(viewer),
  ]);
  if (conversationId && !conversation) notFound();
  const models = listModels();
  const defaultSetup: PlaygroundSetup = { source: { kind: "all" }, mode: "full", exposeMetadata: false, instructions: "", modelId: OFFLINE_ROUTER_ID };

  return (
    <>
      <PageHeader
        title="Playground"
        description="Chat with a model that can use your skills, and see, turn by turn, what was offered, loaded and read, and what it cost."
      />
      {catalog.entries.length === 0 && !conversation ? (
        <EmptyState icon={MessagesSquareIcon} title="Nothing to try yet">
          The playground offers the skills you can see to a model. Once skills are on the shelf, you can ask a question here and watch, turn by turn, which
          skills were offered, loaded and read.
        </EmptyState>
      ) : (
        <Playground
          conversation={conversation}
          conversations={conversations}
          defaultSetup={defaultSetup}
          entries={catalog.entries}
          shadowed={catalog.shadowed}
          profiles={profiles}
          models={models}
          execution={execution}
        />
      )}
    </>
  );
}
