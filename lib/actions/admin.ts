"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { disableUser, enableUser, setUserRole } from "@/lib/data/admin";
import { writeInstanceSetting } from "@/lib/data/admin";
import { formAction, success } from "./action";

// The admin console's writes. The data layer decides who may; these only parse and refresh.

const userId = z.string().trim().min(1, "User not found.").max(200, "User not found.");

export const setUserRoleAction = formAction(
  z.object({ userId, role: z.enum(["ADMIN", "USER"], "Choose Admin or User.") }),
  async ({ userId, role }, viewer) => {
    const { changed } = await setUserRole(viewer, userId, role);
    revalidatePath("/admin", "layout");
    return success({ changed }, role === "ADMIN" ? "Now an instance admin." : "Now a plain user.");
  },
);

export const disableUserAction = formAction(z.object({ userId }), async ({ userId }, viewer) => {
  const { sessionsEnded } = await disableUser(viewer, userId);
  revalidatePath("/admin", "layout");
  return success(
    { sessionsEnded },
    sessionsEnded ? `Account disabled; ${sessionsEnded} session${sessionsEnded === 1 ? "" : "s"} signed out.` : "Account disabled.",
  );
});

export const enableUserAction = formAction(z.object({ userId }), async ({ userId }, viewer) => {
  await enableUser(viewer, userId);
  revalidatePath("/admin", "layout");
  return success(null, "Account re-enabled.");
});

export const setTeamCreationAction = formAction(
  z.object({ teamCreation: z.enum(["anyone", "admins"], "Choose who may create teams.") }),
  async ({ teamCreation }, viewer) => {
    const { changed } = await writeInstanceSetting(viewer, "teamCreation", teamCreation);
    revalidatePath("/admin", "layout");
    revalidatePath("/teams");
    return success({ changed }, changed ? "Team creation setting saved." : "Nothing changed.");
  },
);

export const setUsageAttributionAction = formAction(
  z.object({ usageAttribution: z.enum(["on", "off"], "Choose On or Off.") }),
  async ({ usageAttribution }, viewer) => {
    const { changed } = await writeInstanceSetting(viewer, "usageAttribution", usageAttribution);
    revalidatePath("/admin", "layout");
    return success({ changed }, changed ? `Usage attribution turned ${usageAttribution}.` : "Nothing changed.");
  },
);

export const setScriptExecutionAction = formAction(
  z.object({ scriptExecution: z.enum(["on", "off"], "Choose On or Off.") }),
  async ({ scriptExecution }, viewer) => {
    const { changed } = await writeInstanceSetting(viewer, "scriptExecution", scriptExecution);
    revalidatePath("/admin", "layout");
    revalidatePath("/playground");
    return success({ changed }, changed ? `Script execution turned ${scriptExecution}.` : "Nothing changed.");
  },
);
