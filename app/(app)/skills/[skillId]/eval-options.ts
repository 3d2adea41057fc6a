import "server-only";
import type { EvalOptions } from "@/components/skills/triggers/run-setup";
import { listModels } from "@/lib/ai/models";
import type { Viewer } from "@/lib/data/core";
import { listProfiles } from "@/lib/data/profiles";
import { listMyTeams } from "@/lib/data/teams";

/** What a trigger-test run may be made with, for the Triggers tab and the editor's A/B: the configured models, the viewer's teams and agent profiles. */
export async function loadEvalOptions(viewer: Viewer): Promise<EvalOptions> {
  const [teams, profiles] = await Promise.all([listMyTeams(viewer), listProfiles(viewer)]);
  return {
    models: listModels(),
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    profiles: profiles.map((p) => ({ id: p.id, name: p.name })),
  };
}
