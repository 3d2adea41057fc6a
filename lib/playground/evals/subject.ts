import { renderCatalogEntryXml } from "../../skills/format/catalog";
import { countTokens } from "../../skills/format/tokens";
import type { PlaygroundSkill, SkillSource } from "../domain";

// The catalog a trigger test runs against, with the skill under test in it as the version (and
// description) being tested: it takes the place of whatever skill of that name the catalog offers
// (an older version, or a same-named skill it shadows), or joins the catalog when it is not in it
// (a profile without it, a folder beside the catalog). Everything else is the catalog as agents see it.

export interface EvalSubject {
  skill: PlaygroundSkill;
  /** Reads the subject's body and resources (the catalog's own source may not hold it). */
  source: SkillSource;
}

/** The subject with another description (an A/B arm); its catalog entry's tokens follow. */
export function withDescription(skill: PlaygroundSkill, description: string): PlaygroundSkill {
  if (description === skill.description) return skill;
  return {
    ...skill,
    description,
    frontmatter: { ...skill.frontmatter, description },
    catalogTokens: countTokens(renderCatalogEntryXml({ name: skill.name, description })),
  };
}

export function withSubject(catalog: SkillSource, subject: EvalSubject): SkillSource {
  const replaced = catalog.skills.filter((s) => s.name !== subject.skill.name);
  const skills = [...replaced, subject.skill].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const isSubject = (skill: PlaygroundSkill) => skill.name === subject.skill.name;
  return {
    skills,
    body: (skill) => (isSubject(skill) ? subject.source.body(skill) : catalog.body(skill)),
    resource: (skill, path) => (isSubject(skill) ? subject.source.resource(skill, path) : catalog.resource(skill, path)),
  };
}

/** Why trigger tests cannot tell anything about this skill; null when they can. */
export function untestableReason(skill: PlaygroundSkill): string | null {
  if (skill.modelInvocable === false)
    return `${skill.name} sets disable-model-invocation: true, so the model never sees it in the catalog; only a $mention loads it, and trigger tests do not apply`;
  return null;
}
