import type { Metadata } from "next";
import { LibraryBigIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Skills" };

export default function SkillsPage() {
  return (
    <>
      <PageHeader title="Skills" description="Every Agent Skill your team keeps: personal, team, public and built-in." />
      <EmptyState icon={LibraryBigIcon} title="No skills on the shelf yet">
        A skill is a folder with a <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">SKILL.md</code>: a
        name, a description that tells an agent when to use it, and the instructions it follows. Skills you and your
        teams add will be listed here.
      </EmptyState>
    </>
  );
}
