import type { Metadata } from "next";
import { UsersIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Teams" };

export default function TeamsPage() {
  return (
    <>
      <PageHeader title="Teams" description="Teams share skills: every member sees a team's skills and can add versions." />
      <EmptyState icon={UsersIcon} title="You're not in a team yet">
        When someone adds you to a team, it shows up here with its members and skills.
      </EmptyState>
    </>
  );
}
