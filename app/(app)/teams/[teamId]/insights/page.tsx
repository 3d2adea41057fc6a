import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeftIcon } from "lucide-react";
import { TeamInsightsView } from "@/components/usage/team-insights";
import { requireViewer } from "@/lib/data/core";
import { getTeam } from "@/lib/data/teams";
import { getTeamInsights } from "@/lib/data/usage";

type Props = { params: Promise<{ teamId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const team = await getTeam(await requireViewer(), (await params).teamId);
  return { title: team ? `${team.name}: insights` : "Team not found" };
}

export default async function TeamInsightsPage({ params, searchParams }: Props) {
  const viewer = await requireViewer();
  const { teamId } = await params;
  const days = (await searchParams).days === "90" ? 90 : 30;
  const [team, insights] = await Promise.all([getTeam(viewer, teamId), getTeamInsights(viewer, teamId, days)]);
  // Not a member: the team looks like it does not exist (the team page's rule).
  if (!team || !insights) notFound();
  const base = `/teams/${encodeURIComponent(team.id)}/insights`;
  return (
    <div className="grid gap-6">
      <div className="grid gap-3">
        <Link
          href={`/teams/${encodeURIComponent(team.id)}`}
          className="inline-flex w-fit items-center gap-1 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-3 focus-visible:ring-ring/50"
        >
          <ArrowLeftIcon aria-hidden className="size-4" /> {team.name}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">Insights</h1>
          <nav aria-label="Period" className="flex gap-1 rounded-lg border p-0.5 text-sm">
            {([30, 90] as const).map((d) => (
              <Link
                key={d}
                href={d === 30 ? base : `${base}?days=90`}
                aria-current={days === d ? "page" : undefined}
                className="rounded-md px-2.5 py-1 outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50 aria-[current=page]:bg-muted aria-[current=page]:font-medium"
              >
                {d} days
              </Link>
            ))}
          </nav>
        </div>
      </div>
      <TeamInsightsView insights={insights} />
    </div>
  );
}
