import { describe, expect, it } from "vitest";
import { parseCatalogRef } from "./catalog-ref";

describe("a catalog in one word", () => {
  it("reads all, team:<id> and profile:<id>, and nothing else", () => {
    expect(parseCatalogRef("all")).toEqual({ kind: "all" });
    expect(parseCatalogRef("team:t1")).toEqual({ kind: "team", teamId: "t1" });
    expect(parseCatalogRef("profile:p:2")).toEqual({ kind: "profile", profileId: "p:2" });
    for (const bad of ["", "team", "team:", "team: ", "everything", "user:u1"]) expect(parseCatalogRef(bad)).toBeNull();
  });
});
