import "server-only";
import { revalidatePath } from "next/cache";

/** After a write to a skill: the lists and every page under the skill show it. */
export function revalidateSkill(skillId: string) {
  revalidatePath("/skills");
  revalidatePath(`/skills/${encodeURIComponent(skillId)}`, "layout");
}
