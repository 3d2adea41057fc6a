import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { activityLabel } from "./activity-labels";

/** Every `action: "x.y"` the data layer records, read from its source. */
function recordedActions(dir = "lib/data"): Set<string> {
  const found = new Set<string>();
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) recordedActions(full).forEach((a) => found.add(a));
    else if (/\.ts$/.test(entry) && !/\.test\.ts$/.test(entry))
      for (const match of readFileSync(full, "utf8").matchAll(/action: "((?:skill|review|scan|source)\.[a-z.-]+)"/g)) found.add(match[1]);
  }
  return found;
}

describe("activityLabel", () => {
  it("gives every skill, review, scan and source action the data layer records a plain label", () => {
    const actions = [...recordedActions()];
    expect(actions).toContain("review.merge");
    for (const action of actions) {
      const label = activityLabel(action);
      expect(label, action).not.toContain(".");
      expect(label, action).toMatch(/^[A-Z]/);
    }
    expect(activityLabel("review.merge")).toBe("Merged a proposal");
  });

  it("reads an action it does not know as words, not as its key", () => {
    expect(activityLabel("skill.re-tag")).toBe("Skill re tag");
    expect(activityLabel("")).toBe("Changed");
  });
});
