import { describe, expect, it } from "vitest";
import { SYNC_INTERVALS, syncInterval } from "@/lib/sources/inputs";
import { SCHEDULE_CHOICES, scheduleLabel, scheduleValue, sourceTarget, syncCountsText } from "./source-text";

describe("scheduleLabel", () => {
  it("names every interval a source may have, and none", () => {
    expect(SYNC_INTERVALS.map(scheduleLabel)).toEqual(["Every 15 minutes", "Every hour", "Every 6 hours", "Every day"]);
    expect(scheduleLabel(null)).toBe("Manual and webhook only");
    expect(scheduleLabel(45)).toBe("Every 45 minutes");
  });
});

describe("SCHEDULE_CHOICES", () => {
  it("offers exactly what the schema accepts, and each stored interval selects its own choice", () => {
    expect(SCHEDULE_CHOICES.map((choice) => syncInterval.parse(choice.value))).toEqual([null, ...SYNC_INTERVALS]);
    for (const interval of [null, ...SYNC_INTERVALS]) {
      expect(SCHEDULE_CHOICES.find((choice) => choice.value === scheduleValue(interval))?.label).toBe(scheduleLabel(interval));
    }
  });
});

describe("sourceTarget", () => {
  it("says the branch and folder a Git source reads, and the default when none is set", () => {
    expect(sourceTarget({ kind: "git", ref: "main", subdir: "skills" })).toBe("main · skills/");
    expect(sourceTarget({ kind: "git", ref: null, subdir: null })).toBe("default branch · whole repository");
  });

  it("gives a folder source no branch", () => {
    expect(sourceTarget({ kind: "folder", ref: null, subdir: null })).toBe("the whole folder");
    expect(sourceTarget({ kind: "folder", ref: null, subdir: "team/skills" })).toBe("team/skills/");
  });
});

describe("syncCountsText", () => {
  const none = { created: 0, updated: 0, unchanged: 0, archived: 0, proposed: 0, refused: [] };

  it("lists what changed, refusals last, and leaves out what did not happen", () => {
    expect(syncCountsText({ ...none, created: 2, unchanged: 3, refused: [{ path: "skills/x", name: null, message: "invalid" }] })).toBe(
      "2 created, 3 unchanged, 1 refused",
    );
    expect(syncCountsText({ ...none, updated: 1, archived: 1, proposed: 1 })).toBe("1 updated, 1 archived, 1 proposed");
  });

  it("says so when a sync found nothing", () => {
    expect(syncCountsText(none)).toBe("nothing to import");
  });
});
