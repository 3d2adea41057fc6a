"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { setTeamReviewPolicy } from "@/lib/data/reviews";
import { reviewPolicySchema } from "@/lib/skills/review-requests/policy";
import { formAction, success } from "./action";

const reviewPolicyInput = z.object({
  teamId: z.string().trim().min(1, "Team not found.").max(100, "Team not found."),
  policy: reviewPolicySchema,
  acceptUnreachable: z.boolean(),
});

/**
 * The team page's review policy form: mode, approvals, approvers and the managers' bypass (a
 * checkbox: present means on). Fields of the other mode are ignored. Audited by the data layer.
 */
export const setReviewPolicyAction = formAction(
  reviewPolicyInput,
  async ({ teamId, policy, acceptUnreachable }, viewer) => {
    const settings = await setTeamReviewPolicy(viewer, teamId, policy, { acceptUnreachable });
    revalidatePath(`/teams/${encodeURIComponent(teamId)}`);
    return success(settings, settings.policy.mode === "direct" ? "Changes now publish at once." : "Changes now need approval.");
  },
  {
    fields: (form) => ({
      teamId: form.get("teamId"),
      policy: {
        mode: form.get("mode"),
        approvals: form.get("approvals"),
        approvers: form.get("approvers"),
        managersBypass: form.get("managersBypass") === "on",
      },
      acceptUnreachable: form.get("acceptUnreachable") === "on",
    }),
    invalid: (error) => {
      const issue = error.issues[0];
      // A missing or unknown mode reads as the discriminator's own jargon otherwise.
      if (issue?.path.join(".") === "policy.mode") return "Choose whether changes publish at once or need approval.";
      return issue?.message ?? "Check the review policy.";
    },
  },
);
