import type { Metadata } from "next";
import { MessagesSquareIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Playground" };

export default function PlaygroundPage() {
  return (
    <>
      <PageHeader title="Playground" description="Chat with a model that can use your skills, and see what it loaded and what that cost." />
      <EmptyState icon={MessagesSquareIcon} title="Nothing to try yet">
        The playground offers the skills you can see to a model. Once skills are on the shelf, you can ask a question here
        and watch, turn by turn, which skills were offered, loaded and read.
      </EmptyState>
    </>
  );
}
