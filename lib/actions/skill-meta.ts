"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { setSkillOwners } from "@/lib/data/skills";
import { setSkillStar } from "@/lib/data/skills";
import { addTeamTag, removeTeamTag, setSkillTags } from "@/lib/data/skills";
import { TEAM_ROLES } from "@/lib/skills/permissions/permissions";
import type { OwnerEntry } from "@/lib/skills/owners/owners";
import { action, formAction, success } from "./action";
import { revalidateSkill } from "./revalidate";

// Tags, stars and owners of a skill, and a team's tag list. The data layer decides who may.

const skillId = z.string().min(1, "Which skill?");
const teamId = z.string().min(1, "Which team?");

export const setSkillStarAction = action(z.object({ skillId, starred: z.boolean() }), async (input, viewer) => {
  const result = await setSkillStar(viewer, input.skillId, input.starred);
  revalidateSkill(input.skillId);
  return success(result);
});

/** The form's chosen tags: ticked boxes of a team's list ("tag"), or typed free tags ("tags", comma-separated). */
export const setSkillTagsAction = formAction(
  z.object({ skillId, tags: z.array(z.string()) }),
  async (input, viewer) => {
    const tags = await setSkillTags(viewer, input.skillId, input.tags);
    revalidateSkill(input.skillId);
    return success(null, tags.length ? `Tags saved: ${tags.join(", ")}.` : "Tags removed.");
  },
  {
    fields: (form) => ({
      skillId: form.get("skillId"),
      tags: [...form.getAll("tag").map(String), ...String(form.get("tags") ?? "").split(",")],
    }),
  },
);

const ownerValue = z.string().transform((value, ctx): OwnerEntry => {
  const [kind, id] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)];
  if (kind === "user" && id) return { kind: "user", userId: id };
  const role = TEAM_ROLES.find((r) => r === id);
  if (kind === "role" && role) return { kind: "role", role };
  ctx.addIssue({ code: "custom", message: `"${value}" is not an owner: choose people or a team role.` });
  return z.NEVER;
});

/** Owners as ticked boxes: "user:<id>" or "role:<OWNER|ADMIN|MEMBER>". */
export const setSkillOwnersAction = formAction(
  z.object({ skillId, owners: z.array(ownerValue) }),
  async (input, viewer) => {
    const owners = await setSkillOwners(viewer, input.skillId, input.owners);
    revalidateSkill(input.skillId);
    return success(null, owners.length ? "Owners saved." : "Owners removed.");
  },
  { fields: (form) => ({ skillId: form.get("skillId"), owners: form.getAll("owner").map(String) }) },
);

const revalidateTeam = (id: string) => {
  revalidatePath(`/teams/${encodeURIComponent(id)}`);
  revalidatePath("/skills");
};

export const addTeamTagAction = formAction(z.object({ teamId, name: z.string().trim().min(1, "Name the tag.") }), async (input, viewer) => {
  const { name } = await addTeamTag(viewer, input.teamId, input.name);
  revalidateTeam(input.teamId);
  return success(name, `Added the tag "${name}".`);
});

export const removeTeamTagAction = formAction(z.object({ teamId, name: z.string().min(1, "Which tag?") }), async (input, viewer) => {
  const { untagged } = await removeTeamTag(viewer, input.teamId, input.name);
  revalidateTeam(input.teamId);
  return success(untagged, `Removed the tag "${input.name}"${untagged ? ` from the list and ${untagged} ${untagged === 1 ? "skill" : "skills"}` : ""}.`);
});
