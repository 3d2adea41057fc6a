import { invocationFlags, normalizeAllowedTools, readToolDeclarations, toolDefinitionTokens } from "../skills/format/bound-tools";
import type { BundleSkill } from "../skills/archive/bundle";
import { isTextMediaType } from "../skills/format/media-type";
import { findSkillMd } from "../skills/format/paths";
import type { Frontmatter } from "../skills/format/skill-md";
import { decodeUtf8 } from "../skills/format/text";
import { countTokens } from "../skills/format/tokens";
import type { PlaygroundSkill, ResourceContent, SkillSource } from "./domain";

// A SkillSource over skills read with readBundle (a folder on disk for the route CLI, generated
// bundles in tests), so the CLI runs exactly the loop the playground runs over the store.

export interface FolderSourceResult {
  source: SkillSource;
  /** Skills left out: invalid ones, and later folders reusing a name already taken. */
  skipped: { root: string; reason: string }[];
  /** Skills kept although they have errors (only with `includeInvalid`). */
  invalid: { root: string; reason: string }[];
}

export interface FolderSourceOptions {
  /** Names to mark as needing review (tests of the review warning). */
  needsReview?: ReadonlySet<string>;
  /**
   * Keep skills that have a name and a description but break other rules (a description over the
   * spec's length, say). The store would refuse them; a router only needs name, description and body.
   */
  includeInvalid?: boolean;
}

export function createFolderSource(bundleSkills: readonly BundleSkill[], options: FolderSourceOptions = {}): FolderSourceResult {
  const skipped: FolderSourceResult["skipped"] = [];
  const invalid: FolderSourceResult["invalid"] = [];
  const byName = new Map<string, { skill: PlaygroundSkill; bundle: BundleSkill }>();
  for (const bundle of bundleSkills) {
    const firstError = bundle.findings.find((f) => f.severity === "error")?.message ?? "not a valid skill";
    if (!bundle.name || !bundle.description || bundle.skillMd === null || (!bundle.ok && !options.includeInvalid)) {
      skipped.push({ root: bundle.root, reason: firstError });
      continue;
    }
    if (!bundle.ok) invalid.push({ root: bundle.root, reason: firstError });
    const taken = byName.get(bundle.name);
    if (taken) {
      // One per name, like the playground's shadowing: the first folder read wins.
      skipped.push({ root: bundle.root, reason: `"${bundle.name}" is already taken by ${taken.bundle.root || "."}` });
      continue;
    }
    const skillMdPath = findSkillMd(bundle.files.map((f) => f.path));
    const tokensByPath = new Map(bundle.tokens.resources.map((r) => [r.path, r.tokens]));
    const files = bundle.files
      .filter((f) => f.path !== skillMdPath)
      .map((f) => ({ path: f.path, size: f.size, mediaType: f.mediaType, tokens: isTextMediaType(f.mediaType) ? (tokensByPath.get(f.path) ?? null) : null }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const frontmatter: Frontmatter = {};
    for (const field of bundle.fields) frontmatter[field.key] = field.value;
    byName.set(bundle.name, {
      bundle,
      skill: {
        skillId: `folder:${bundle.root || bundle.name}`,
        name: bundle.name,
        description: bundle.description,
        version: 1,
        scope: "PERSONAL",
        frontmatter,
        catalogTokens: bundle.tokens.catalog,
        bodyTokens: bundle.tokens.body,
        resourceTokens: files.reduce((sum, f) => sum + (f.tokens ?? 0), 0),
        reviewStatus: options.needsReview?.has(bundle.name) ? "needs_review" : "none",
        files,
        // A folder is the user's own (the CLI, tests): its declared tools are offered, the store's binding rules do not apply.
        tools: readToolDeclarations(frontmatter)
          .filter((t) => files.some((f) => f.path === t.script))
          .map((t) => ({ ...t, tokens: toolDefinitionTokens(t) })),
        allowedTools: normalizeAllowedTools(frontmatter["allowed-tools"]),
        ...invocationFlags(frontmatter),
      },
    });
  }

  const entries = [...byName.values()];
  const bundleOf = new Map(entries.map((e) => [e.skill.skillId, e.bundle]));
  const source: SkillSource = {
    skills: entries.map((e) => e.skill),
    async body(skill) {
      return bundleOf.get(skill.skillId)?.body ?? "";
    },
    async resource(skill, path): Promise<ResourceContent | null> {
      const bundle = bundleOf.get(skill.skillId);
      const file = skill.files.some((f) => f.path === path) ? bundle?.files.find((f) => f.path === path) : undefined;
      if (!file) return null;
      const text = isTextMediaType(file.mediaType) ? decodeUtf8(file.bytes) : null;
      if (text === null) return { kind: "binary", size: file.size, mediaType: file.mediaType };
      return { kind: "text", text, tokens: countTokens(text), size: file.size, mediaType: file.mediaType };
    },
  };
  return { source, skipped, invalid };
}
