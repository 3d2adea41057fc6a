import { describe, expect, it } from "vitest";
import type { DisclosureEvent } from "@/lib/playground/domain";
import { ledgerRows } from "./ledger-events";

const error = (level: 2 | 3, tool: string): DisclosureEvent => ({ level, kind: "error", tool, error: `${tool} failed` });

describe("ledgerRows", () => {
  it("puts each failure in the row of the tool that failed", () => {
    const rows = ledgerRows([error(2, "load_skill"), error(3, "read_skill_resource"), error(3, "skill_run"), error(2, "deploy"), error(3, "deploy")]);
    expect(rows.loadErrors.map((e) => e.tool)).toEqual(["load_skill"]);
    expect(rows.readErrors.map((e) => e.tool)).toEqual(["read_skill_resource"]);
    expect(rows.runErrors.map((e) => e.tool)).toEqual(["skill_run"]);
    expect(rows.callErrors.map((e) => e.tool)).toEqual(["deploy", "deploy"]);
  });

  it("offers the turn's first catalog and keeps the notices apart", () => {
    const rows = ledgerRows([{ level: 0, kind: "notice", message: "$nope is not in the catalog" }]);
    expect(rows.offered).toBeUndefined();
    expect(rows.notices.map((n) => n.message)).toEqual(["$nope is not in the catalog"]);
  });
});
