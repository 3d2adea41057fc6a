"use server";
import { revalidatePath } from "next/cache";
import { DataError } from "@/lib/data/errors";
import { requireViewer } from "@/lib/data/session";
import { changeSkillScope, deleteSkill, getSkill, listSkillAudit, listSkillReferences, setSkillArchived } from "@/lib/data/skills";
import { listMyTeams } from "@/lib/data/teams";
import { archiveSkillInput, deleteSkillInput, destinationOfKey, moveSkillInput, skillIdInput } from "@/lib/skills/permissions/manage-inputs";
import { canMoveSkill, type Actor, type Scope } from "@/lib/skills/permissions/permissions";
import type { ManageAuditEvent, ManageMoveTarget, ManageReferences, SkillManageInfo } from "@/lib/types/manage";

export type ManageInfoResult = { ok: true; info: SkillManageInfo } | { ok: false; message: string };
export type ManageActionState = { ok: true; message: string } | { ok: false; message: string; references?: ManageReferences } | null;

const NOT_FOUND = "Skill not found.";

function revalidateSkill(skillId: string) {
  revalidatePath("/skills");
  revalidatePath(`/skills/${encodeURIComponent(skillId)}`, "layout");
}

function scopeLabel(scope: unknown, teamId: unknown, teamNames: Map<string, string>): string {
  if (scope === "PERSONAL") return "Personal";
  if (scope === "PUBLIC") return "Public";
  if (scope === "BUILTIN") return "Built-in";
  const name = typeof teamId === "string" ? teamNames.get(teamId) : undefined;
  return name ? `Team ${name}` : "a team";
}

function auditSummary(action: string, detail: Record<string, unknown>, teamNames: Map<string, string>): string | null {
  if (action === "skill.scope") {
    const from = detail.from as { scope?: unknown; teamId?: unknown } | undefined;
    const to = detail.to as { scope?: unknown; teamId?: unknown } | undefined;
    if (from && to) return `${scopeLabel(from.scope, from.teamId, teamNames)} → ${scopeLabel(to.scope, to.teamId, teamNames)}`;
  }
  if (action === "skill.restore" && typeof detail.restored === "number") return `restored v${detail.restored}`;
  if (action === "skill.prune" && Array.isArray(detail.deleted)) return `removed ${detail.deleted.map((n) => `v${n}`).join(", ")}`;
  if (action === "skill.create" && detail.scope) return `in ${scopeLabel(detail.scope, null, teamNames)}`;
  if (action === "skill.review" && typeof detail.note === "string") return `“${detail.note}”`;
  if (action === "skill.scan-override" && typeof detail.reason === "string") return `“${detail.reason}”`;
  return null;
}

/**
 * Everything the manage dialog shows about a skill. Loaded when the dialog opens, so list rows do
 * not pay for references and audit trails nobody looks at.
 */
export async function getSkillManageInfoAction(skillId: string): Promise<ManageInfoResult> {
  const viewer = await requireViewer();
  const input = skillIdInput.safeParse({ skillId });
  if (!input.success) return { ok: false, message: NOT_FOUND };
  const skill = await getSkill(viewer, input.data.skillId);
  if (!skill) return { ok: false, message: NOT_FOUND };
  const [references, events, teams] = await Promise.all([listSkillReferences(viewer, skill.id), listSkillAudit(viewer, skill.id, 12), listMyTeams(viewer)]);

  const teamNames = new Map(teams.map((team) => [team.id, team.name]));
  if (skill.team) teamNames.set(skill.team.id, skill.team.name);
  // The offer is computed with the same pure rules changeSkillScope enforces; the write checks again.
  const actor: Actor = { id: viewer.id, role: viewer.role, teamRoles: Object.fromEntries(teams.map((team) => [team.id, team.role])) };
  const access = { scope: skill.scope, ownerId: skill.owner?.id ?? null, teamId: skill.team?.id ?? null };
  const candidates: (ManageMoveTarget & { scope: Scope; teamId?: string })[] = [
    { key: "personal", label: "Personal (only you)", scope: "PERSONAL" },
    ...teams.map((team) => ({ key: `team:${team.id}`, label: `Team ${team.name}`, scope: "TEAM" as const, teamId: team.id })),
    { key: "public", label: "Public (everyone on this instance)", scope: "PUBLIC" },
  ];
  const moveTargets = candidates.filter((c) => canMoveSkill(actor, access, { scope: c.scope, teamId: c.teamId ?? null })).map(({ key, label }) => ({ key, label }));
  const moveNote =
    skill.scope === "BUILTIN"
      ? "Built-in skills ship with Skillshelf and cannot be moved."
      : !skill.can.manage
        ? skill.scope === "TEAM"
          ? `Only owners and admins of team ${skill.team?.name ?? ""} can move this skill.`
          : "Only instance admins can move public skills."
        : viewer.role !== "ADMIN"
          ? "Only instance admins can publish skills to the public space."
          : null;

  const audit: ManageAuditEvent[] = (events ?? []).map((event) => ({
    id: event.id,
    action: event.action,
    actorName: event.actorName,
    createdAt: event.createdAt,
    version: event.version,
    summary: auditSummary(event.action, event.detail, teamNames),
  }));

  return {
    ok: true,
    info: {
      id: skill.id,
      name: skill.name,
      scope: skill.scope,
      team: skill.team,
      owner: skill.owner,
      author: skill.author,
      archived: skill.archived,
      version: skill.version,
      createdAt: skill.createdAt,
      updatedAt: skill.updatedAt,
      versions: skill.versions.map(({ number, message, createdAt, author }) => ({ number, message, createdAt, author })),
      can: skill.can,
      references: references ?? { mine: [], others: 0, holding: 0 },
      audit,
      moveTargets,
      moveNote,
    },
  };
}

export async function moveSkillAction(_: ManageActionState, formData: FormData): Promise<ManageActionState> {
  const viewer = await requireViewer();
  const input = moveSkillInput.safeParse({ skillId: formData.get("skillId"), destination: formData.get("destination") });
  if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? "Choose where to move the skill." };
  try {
    const skill = await changeSkillScope(viewer, input.data.skillId, destinationOfKey(input.data.destination));
    revalidateSkill(skill.id);
    return { ok: true, message: `Moved “${skill.name}” to ${skill.scope === "TEAM" ? `team ${skill.team?.name}` : skill.scope.toLowerCase()}.` };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message };
    throw error;
  }
}

export async function deleteSkillAction(_: ManageActionState, formData: FormData): Promise<ManageActionState> {
  const viewer = await requireViewer();
  const input = deleteSkillInput.safeParse({
    skillId: formData.get("skillId"),
    confirmName: formData.get("confirmName") ?? undefined,
    removeReferences: formData.get("removeReferences") ?? undefined,
  });
  if (!input.success) return { ok: false, message: NOT_FOUND };
  const { skillId, confirmName, removeReferences } = input.data;
  try {
    // The typed name is the confirmation of every delete, and more so of one that also takes the
    // skill out of agent profiles; checked here too so a stale or scripted form cannot skip it.
    const skill = await getSkill(viewer, skillId);
    if (!skill) return { ok: false, message: NOT_FOUND };
    if (confirmName?.trim() !== skill.name) return { ok: false, message: `Type “${skill.name}” to confirm.` };
    await deleteSkill(viewer, skillId, { removeReferences });
    revalidateSkill(skillId);
    return { ok: true, message: "Skill deleted." };
  } catch (error) {
    if (error instanceof DataError) {
      const references = error.code === "REFERENCED" ? (error.details?.references as ManageReferences | undefined) : undefined;
      return { ok: false, message: error.message, references };
    }
    throw error;
  }
}

export async function archiveSkillAction(_: ManageActionState, formData: FormData): Promise<ManageActionState> {
  const viewer = await requireViewer();
  const input = archiveSkillInput.safeParse({ skillId: formData.get("skillId"), archived: formData.get("archived") });
  if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? NOT_FOUND };
  try {
    await setSkillArchived(viewer, input.data.skillId, input.data.archived);
    revalidateSkill(input.data.skillId);
    return { ok: true, message: input.data.archived ? "Archived: hidden from lists and agents, kept with every version." : "Restored: visible again." };
  } catch (error) {
    if (error instanceof DataError) return { ok: false, message: error.message };
    throw error;
  }
}
