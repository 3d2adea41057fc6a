import { readBundle, type BundleSkill } from "@/lib/skills/archive/bundle";
import { boundToolSkillFiles, LOOKUP_ORDER_TOOLS } from "./bound-tool-skill";

// The tool-binding test skill read into a bundle skill, for data-layer tests (kept apart from
// bound-tool-skill.ts, which the browser tests import without the bundle reader).

/** `name` binding lookup_order (or with `frontmatter` instead), as createSkill takes it. */
export function boundToolSkill(name: string, frontmatter = LOOKUP_ORDER_TOOLS): BundleSkill {
  const encoder = new TextEncoder();
  const files = Object.entries(boundToolSkillFiles(name, frontmatter)).map(([path, text]) => ({ path, bytes: encoder.encode(text) }));
  const skill = readBundle({ kind: "files", files }).skills[0];
  if (!skill?.ok) throw new Error(`test skill ${name} is invalid: ${JSON.stringify(skill?.findings)}`);
  return skill;
}
