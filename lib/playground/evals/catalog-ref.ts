// A catalog written as one word, as the CLI's --catalog and the run form's select hold it. Kept
// apart from the input schemas (inputs.ts) so the browser's run form does not load zod for it.

export type EvalCatalogRef = { kind: "all" } | { kind: "team"; teamId: string } | { kind: "profile"; profileId: string };

/** "all", "team:<id>" or "profile:<id>" as a catalog; null for anything else. */
export function parseCatalogRef(value: string): EvalCatalogRef | null {
  if (value === "all") return { kind: "all" };
  const colon = value.indexOf(":");
  if (colon === -1) return null;
  const kind = value.slice(0, colon);
  const id = value.slice(colon + 1).trim();
  if (!id) return null;
  if (kind === "team") return { kind: "team", teamId: id };
  if (kind === "profile") return { kind: "profile", profileId: id };
  return null;
}
