import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeftIcon, ChartColumnIcon, GitPullRequestArrowIcon, LibraryIcon } from "lucide-react";
import { BoundToolsForm } from "@/components/teams/bound-tools-form";
import { boundToolsSummary } from "@/components/teams/bound-tools-text";
import { DeleteTeamDialog } from "@/components/teams/delete-team-dialog";
import { ReviewPolicyForm } from "@/components/teams/review-policy-form";
import { reviewPolicySummary } from "@/components/teams/review-policy-text";
import { CreateInvitationDialog, InvitationList } from "@/components/teams/team-invitations";
import { AddMemberDialog, TeamMembers } from "@/components/teams/team-members";
import { TeamSettingsForm } from "@/components/teams/team-settings";
import { TeamTagsCard } from "@/components/teams/team-tags";
import { TeamWebhooks } from "@/components/teams/team-webhooks";
import { listTeamWebhooks } from "@/lib/data/notifications";
import { ROLE_LABEL } from "@/components/teams/team-roles";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { listInvitations } from "@/lib/data/teams";
import { getTeamReviewSettings } from "@/lib/data/reviews";
import { requireViewer } from "@/lib/data/core";
import { listTeamTags } from "@/lib/data/skills";
import { getTeam, listTeamSkillsToMove } from "@/lib/data/teams";

type Params = { params: Promise<{ teamId: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const viewer = await requireViewer();
  const team = await getTeam(viewer, (await params).teamId);
  return { title: team ? team.name : "Team not found" };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default async function TeamPage({ params }: Params) {
  const viewer = await requireViewer();
  const team = await getTeam(viewer, (await params).teamId);
  // Not a member (instance admins included): the team looks like it does not exist.
  if (!team) notFound();
  const [invitations, skillsToMove, review, webhooks, tags] = await Promise.all([
    team.can.manageInvitations ? listInvitations(viewer, team.id) : null,
    team.can.delete && team.skillCount + team.archivedSkillCount > 0 ? listTeamSkillsToMove(viewer, team.id) : [],
    getTeamReviewSettings(viewer, team.id),
    team.can.manageMembers ? listTeamWebhooks(viewer, team.id) : null,
    listTeamTags(viewer, team.id),
  ]);
  const skillsHref = `/skills?scope=team&team=${encodeURIComponent(team.id)}`;

  return (
    <div className="grid gap-6">
      <div className="grid gap-4">
        <Link
          href="/teams"
          className="inline-flex w-fit items-center gap-1 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          <ArrowLeftIcon aria-hidden className="size-4" /> All teams
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold tracking-tight break-words">{team.name}</h1>
              <Badge variant="outline">You: {ROLE_LABEL[team.role]}</Badge>
            </div>
            {team.description ? <p className="max-w-2xl text-sm whitespace-pre-line">{team.description}</p> : null}
            <p className="text-sm text-muted-foreground">
              {plural(team.memberCount, "member", "members")} · {plural(team.skillCount, "skill", "skills")}
              {team.archivedSkillCount ? ` (and ${team.archivedSkillCount} archived)` : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href={`/teams/${encodeURIComponent(team.id)}/insights`}>
                <ChartColumnIcon aria-hidden /> Insights
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={skillsHref}>
                <LibraryIcon aria-hidden /> Team skills
              </Link>
            </Button>
          </div>
        </div>
      </div>

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle id="members-title">Members</CardTitle>
            <CardDescription>
              {team.can.manageMembers
                ? team.role === "OWNER"
                  ? "Change roles, remove members. A team always keeps at least one owner."
                  : "Admins manage members and admins; only owners change owners."
                : "Everyone in the team sees its skills and can add versions."}
            </CardDescription>
          </div>
          {team.can.manageMembers ? <AddMemberDialog teamId={team.id} grantRoles={team.can.grantRoles} /> : null}
        </CardHeader>
        <CardContent>
          <TeamMembers
            teamId={team.id}
            teamName={team.name}
            viewerId={viewer.id}
            viewerRole={team.role}
            members={team.members}
            grantRoles={team.can.grantRoles}
          />
        </CardContent>
      </Card>

      {invitations ? (
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
            <div className="grid gap-1.5">
              <CardTitle>Invite links</CardTitle>
              <CardDescription>
                Links let people join, with or without an account yet. Only a hash of each link is kept: copy it when you create it.
              </CardDescription>
            </div>
            <CreateInvitationDialog teamId={team.id} teamName={team.name} grantRoles={team.can.grantRoles} />
          </CardHeader>
          <CardContent>
            <InvitationList teamId={team.id} invitations={invitations} />
          </CardContent>
        </Card>
      ) : null}

      {review ? (
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
            <div className="grid gap-1.5">
              <CardTitle id="review-policy-title">Review policy</CardTitle>
              <CardDescription>
                {review.canEdit
                  ? "Whether a change to a team skill reaches agents at once, or after colleagues approve it."
                  : "Set by the team's owners and admins."}
              </CardDescription>
            </div>
            <Button asChild variant="outline" size="sm">
              <Link href="/reviews">
                <GitPullRequestArrowIcon aria-hidden /> Review requests
              </Link>
            </Button>
          </CardHeader>
          <CardContent>
            {review.canEdit ? (
              <ReviewPolicyForm
                teamId={team.id}
                policy={review.policy}
                people={{ managers: team.members.filter((m) => m.role !== "MEMBER").length, members: team.members.length }}
              />
            ) : (
              <p className="text-sm" data-testid="review-policy-summary">
                {reviewPolicySummary(review.policy)}
              </p>
            )}
          </CardContent>
        </Card>
      ) : null}

      {tags ? <TeamTagsCard teamId={team.id} tags={tags} /> : null}

      <Card id="bound-tools">
        <CardHeader>
          <CardTitle>Bound tools</CardTitle>
          <CardDescription>
            Whether the team&apos;s skills may give the model tools that run their scripts. Built-in and public skills may; personal skills never do.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {team.can.setBoundTools ? (
            // Keyed by the stored value: React resets a form after its action, so the saved state comes back by a remount.
            <BoundToolsForm key={String(team.allowBoundTools)} teamId={team.id} allowed={team.allowBoundTools} />
          ) : (
            <p className="text-sm" data-testid="bound-tools-summary">
              {boundToolsSummary(team.allowBoundTools)}
            </p>
          )}
        </CardContent>
      </Card>

      {webhooks ? (
        <Card id="webhooks" className="scroll-mt-20">
          <CardHeader>
            <CardTitle>Webhooks</CardTitle>
            <CardDescription>
              Post the team&apos;s events (review requests and decisions, comments, failed syncs, changed skills) to Slack or any receiver, as Slack-compatible
              JSON signed with HMAC-SHA256. Only the team&apos;s own skills are posted, by name and link, never their content.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <TeamWebhooks teamId={team.id} hooks={webhooks} />
          </CardContent>
        </Card>
      ) : null}

      {team.can.rename ? (
        <Card>
          <CardHeader>
            <CardTitle>Settings</CardTitle>
            <CardDescription>The name shows in skill lists and install commands; names are unique on this instance.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <TeamSettingsForm team={team} />
            {team.can.delete ? (
              <div className="flex flex-wrap items-center justify-between gap-4 rounded-md border border-destructive/30 p-4">
                <div className="grid gap-1 text-sm">
                  <span className="font-medium">Delete this team</span>
                  <span className="text-muted-foreground">
                    {skillsToMove.length
                      ? `It owns ${plural(skillsToMove.length, "skill", "skills")}: move ${skillsToMove.length === 1 ? "it" : "them"} first (the dialog helps).`
                      : "Members lose access and invite links stop working."}
                  </span>
                </div>
                <DeleteTeamDialog team={{ id: team.id, name: team.name }} skills={skillsToMove} />
              </div>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
