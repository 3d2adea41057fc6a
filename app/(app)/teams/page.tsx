import type { Metadata } from "next";
import Link from "next/link";
import { UsersIcon } from "lucide-react";
import { EmptyState } from "@/components/shell/empty-state";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireViewer } from "@/lib/data/session";
import { getTeam, listMyTeams } from "@/lib/data/teams";

export const metadata: Metadata = { title: "Teams" };

const roleLabel = { OWNER: "Owner", ADMIN: "Admin", MEMBER: "Member" } as const;

export default async function TeamsPage() {
  const viewer = await requireViewer();
  const teams = await Promise.all((await listMyTeams(viewer)).map((team) => getTeam(viewer, team.id)));
  return (
    <>
      <PageHeader title="Teams" description="Teams share skills: every member sees a team's skills and can add versions." />
      {teams.length ? (
        <div className="grid gap-4 md:grid-cols-2">
          {teams.flatMap((team) =>
            team
              ? [
                  <Card key={team.id}>
                    <CardHeader>
                      <div className="flex items-center justify-between gap-3">
                        <CardTitle>{team.name}</CardTitle>
                        <Badge variant="outline">You: {roleLabel[team.role]}</Badge>
                      </div>
                      <CardDescription>
                        {team.memberCount} {team.memberCount === 1 ? "member" : "members"} ·{" "}
                        <Link className="underline-offset-4 hover:underline" href={`/skills?scope=team&team=${team.id}`}>
                          {team.skillCount} {team.skillCount === 1 ? "skill" : "skills"}
                        </Link>
                      </CardDescription>
                    </CardHeader>
                    <CardContent>
                      <ul className="grid gap-2 text-sm">
                        {team.members.map((member) => (
                          <li key={member.userId} className="flex items-center justify-between gap-3">
                            <span className="min-w-0">
                              <span className="font-medium">{member.name}</span> <span className="text-muted-foreground">{member.email}</span>
                            </span>
                            <span className="text-xs text-muted-foreground">{roleLabel[member.role]}</span>
                          </li>
                        ))}
                      </ul>
                    </CardContent>
                  </Card>,
                ]
              : [],
          )}
        </div>
      ) : (
        <EmptyState icon={UsersIcon} title="You're not in a team yet">
          When someone adds you to a team, it shows up here with its members and skills.
        </EmptyState>
      )}
    </>
  );
}
