/**
 * Why a skill name would be refused by the spec's name rules, or null when it is fine. The upload
 * dialog checks a rename as the user types; the server validates the renamed SKILL.md in full.
 */
export function skillNameProblem(name: string): string | null {
  if (!name) return "Give the new name.";
  if (name.length > 64) return "Names have at most 64 characters.";
  if (/[A-Z]/.test(name)) return "Use lowercase letters.";
  if (!/^[a-z0-9-]+$/.test(name)) return "Use only lowercase letters, digits and hyphens.";
  if (name.startsWith("-") || name.endsWith("-")) return "A name cannot start or end with a hyphen.";
  if (name.includes("--")) return "A name cannot contain two hyphens in a row.";
  return null;
}

/**
 * The nearest name the spec accepts, for a suggestion: lowercase, each run of other characters a
 * single hyphen, none at the edges, at most 64 characters. Null when nothing usable is left.
 */
export function fixedSkillName(name: string): string | null {
  const fixed = name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .slice(0, 64)
    .replace(/^-+|-+$/g, "");
  return fixed === "" ? null : fixed;
}
