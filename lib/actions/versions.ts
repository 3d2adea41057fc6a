"use server";
import { z } from "zod";
import type { ProposalOutcome } from "@/lib/types/reviews";
import { pruneSkillVersions, restoreSkillVersion } from "@/lib/data/skills";
import { diffSkillVersionFiles } from "@/lib/data/skills";
import { diffFilesPaths } from "@/lib/skills/diff/defer";
import { moveLabelInput, pruneVersionsInput, restoreVersionInput } from "@/lib/skills/versions/inputs";
import { moveLabel } from "@/lib/data/skills";
import type { LabelMoveOutcome } from "@/lib/types/labels";
import { action, failure, formAction, success } from "./action";
import { revalidateSkill } from "./revalidate";

/** Makes an old version current by adding a new version "Restore vN" with its content. */
export const restoreVersionAction = formAction(
  restoreVersionInput,
  async ({ skillId, version, baseVersion }, viewer) => {
    const result = await restoreSkillVersion(viewer, skillId, version, { baseVersion });
    revalidateSkill(skillId);
    const data: { version: number; proposal: ProposalOutcome | null } = { version: result.version, proposal: result.proposal ?? null };
    return success(data, result.proposal ? `Proposed for review: restoring v${version} (v${result.version}).` : `Restored v${version} as v${result.version}.`);
  },
  {
    invalid: (error) => error.issues[0]?.message ?? "Choose a version.",
    refusal: (error) =>
      error.code === "CONFLICT" && error.details?.reason === "version-moved" && typeof error.details.currentVersion === "number"
        ? failure(
            `Someone saved version ${error.details.currentVersion} since you opened this page, so nothing was restored. Review the newest version, then try again.`,
            {
              code: "CONFLICT",
              details: { currentVersion: error.details.currentVersion },
            },
          )
        : undefined,
  },
);

/** Points a release label at a published version (a rollback writes no version); a review request where the team reviews the label. */
export const moveLabelAction = formAction(
  moveLabelInput,
  async ({ skillId, label, version }, viewer) => {
    const outcome: LabelMoveOutcome = await moveLabel(viewer, skillId, label, version);
    revalidateSkill(skillId);
    return success(outcome, outcome.kind === "proposed" ? `Proposed for review: point ${label} at v${version}.` : `${label} now points at v${version}.`);
  },
  { invalid: (error) => error.issues[0]?.message ?? "Choose a label and a version." },
);

/** Deletes old versions, keeping the newest N (never the current one or a profile-pinned one). */
export const pruneVersionsAction = formAction(
  pruneVersionsInput,
  async ({ skillId, keep }, viewer) => {
    const deleted = await pruneSkillVersions(viewer, skillId, keep);
    revalidateSkill(skillId);
    return success(
      { deleted },
      deleted.length
        ? `Deleted ${deleted.length === 1 ? "version" : "versions"} ${deleted.map((n) => `v${n}`).join(", ")}.`
        : "Nothing to delete: every older version is current or pinned.",
    );
  },
  { invalid: (error) => error.issues[0]?.message ?? "Enter how many versions to keep." },
);

const versionNumber = z.number().int().positive();

/** The bodies a big comparison left out, as its files come into view (a read; nothing changes). */
export const versionDiffFilesAction = action(
  z.object({ skillId: z.string().min(1).max(200), from: versionNumber, to: versionNumber, paths: diffFilesPaths }),
  async ({ skillId, from, to, paths }, viewer) => {
    const files = await diffSkillVersionFiles(viewer, skillId, from, to, paths);
    return files ? success(files) : failure("One of these versions is no longer available. Reload the page.", { code: "NOT_FOUND" });
  },
);
