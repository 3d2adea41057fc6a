import type { Metadata } from "next";
import Link from "next/link";
import { UsersIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { NewTeamDialog } from "@/components/teams/new-team-dialog";
import { ROLE_LABEL } from "@/components/teams/team-roles";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireViewer } from "@/lib/data/core";
import { listMyTeams, teamCreationFor } from "@/lib/data/teams";

export const metadata: Metadata = { title: "Teams" };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default async function TeamsPage() {
  const viewer = await requireViewer();
  const [teams, creation] = await Promise.all([listMyTeams(viewer), teamCreationFor(viewer)]);
  const adminsOnly = "On this instance only instance admins create teams.";
  return (
    <>
      <PageHeader
        title="Teams"
        description="Teams share skills: every member sees a team's skills and can add versions."
        actions={creation.allowed && teams.length ? <NewTeamDialog /> : null}
      />
      {teams.length ? (
        <>
          {!creation.allowed ? <p className="mb-4 text-sm text-muted-foreground">{adminsOnly}</p> : null}
          <ul className="grid gap-4 md:grid-cols-2">
            {teams.map((team) => (
              <li key={team.id}>
                <Card className="relative h-full transition-colors focus-within:ring-3 focus-within:ring-ring/50 hover:bg-accent/40">
                  <CardHeader>
                    <div className="flex items-center justify-between gap-3">
                      <CardTitle>
                        <Link href={`/teams/${team.id}`} className="outline-none after:absolute after:inset-0">
                          {team.name}
                        </Link>
                      </CardTitle>
                      <Badge variant="outline">You: {ROLE_LABEL[team.role]}</Badge>
                    </div>
                    {team.description ? <p className="line-clamp-2 text-sm">{team.description}</p> : null}
                    <CardDescription>
                      {plural(team.memberCount, "member", "members")} · {plural(team.skillCount, "skill", "skills")}
                    </CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <EmptyState icon={UsersIcon} title="You're not in a team yet" action={creation.allowed ? <NewTeamDialog label="Create a team" /> : null}>
          {creation.allowed
            ? "Create a team for the people you work with, then invite them with a link from its page. To join an existing team, ask one of its owners or admins for an invite link."
            : `${adminsOnly} To join a team, ask one of its owners or admins for an invite link, or an instance admin to create a team for you.`}
        </EmptyState>
      )}
    </>
  );
}
