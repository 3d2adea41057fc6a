"use server";
import { notFound } from "@/lib/data/errors";
import { changeSkillScope, deleteSkill, getSkill, renameSkill, setSkillArchived } from "@/lib/data/skills";
import { destinationOfKey, scopeName } from "@/lib/labels";
import { archiveSkillInput, deleteSkillInput, moveSkillInput, renameSkillInput } from "@/lib/skills/permissions/manage-inputs";
import { failure, formAction, success } from "./action";
import { revalidateSkill } from "./revalidate";
import type { ProposalOutcome } from "@/lib/types/reviews";
import type { SkillSummary } from "@/lib/types/skills";

// The manage dialog's writes. Its data is read by GET /api/skills/<id>/manage (lib/data/skills/manage.ts).

export const moveSkillAction = formAction(
  moveSkillInput,
  async ({ skillId, destination }, viewer) => {
    const to = destinationOfKey(destination);
    if (!to) return failure("Choose where to move the skill.", { code: "INVALID_INPUT" });
    const skill: SkillSummary & { proposal?: ProposalOutcome } = await changeSkillScope(viewer, skillId, to);
    revalidateSkill(skill.id);
    // A move into a reviewed team, or to the public space by a non-admin, is a request: the skill stays where it is.
    const data: { proposal: ProposalOutcome | null } = { proposal: skill.proposal ?? null };
    if (skill.proposal) return success(data, "Requested: an approver must accept the move.");
    return success(data, `Moved “${skill.name}” to ${skill.scope === "TEAM" ? `team ${skill.team?.name}` : scopeName(skill.scope).toLowerCase()}.`);
  },
  {
    fields: (form) => ({ skillId: form.get("skillId"), destination: form.get("destination") }),
    invalid: (error) => error.issues[0]?.message ?? "Choose where to move the skill.",
  },
);

export const deleteSkillAction = formAction(
  deleteSkillInput,
  async ({ skillId, confirmName, removeReferences }, viewer) => {
    // The typed name is the confirmation of every delete, and more so of one that also takes the
    // skill out of agent profiles; checked here too so a stale or scripted form cannot skip it.
    const skill = await getSkill(viewer, skillId);
    if (!skill) throw notFound();
    if (confirmName?.trim() !== skill.name) return failure(`Type “${skill.name}” to confirm.`);
    await deleteSkill(viewer, skillId, { removeReferences });
    revalidateSkill(skillId);
    return success(null, "Skill deleted.");
  },
  {
    fields: (form) => ({
      skillId: form.get("skillId"),
      confirmName: form.get("confirmName") ?? undefined,
      removeReferences: form.get("removeReferences") ?? undefined,
    }),
    invalid: "Skill not found.",
  },
);

export const archiveSkillAction = formAction(
  archiveSkillInput,
  async ({ skillId, archived }, viewer) => {
    await setSkillArchived(viewer, skillId, archived);
    revalidateSkill(skillId);
    return success(null, archived ? "Archived: hidden from lists and agents, kept with every version." : "Restored: visible again.");
  },
  { fields: (form) => ({ skillId: form.get("skillId"), archived: form.get("archived") }), invalid: (error) => error.issues[0]?.message ?? "Skill not found." },
);

export const renameSkillAction = formAction(
  renameSkillInput,
  async ({ skillId, name, baseVersion }, viewer) => {
    const result = await renameSkill(viewer, skillId, name, { baseVersion });
    revalidateSkill(skillId);
    if (result.proposal) {
      return success(
        { name: result.name, version: result.version, proposal: result.proposal },
        `Proposed renaming to “${name}” as version ${result.version}: it takes effect once approved.`,
      );
    }
    return success({ name: result.name, version: result.version }, `Renamed to “${result.name}” as version ${result.version}.`);
  },
  {
    fields: (form) => ({ skillId: form.get("skillId"), name: form.get("name") ?? "", baseVersion: form.get("baseVersion") || undefined }),
    invalid: (error) => error.issues[0]?.message ?? "Give the new name.",
  },
);
