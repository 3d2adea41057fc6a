// Public API of the skill format core. Everything here is pure: no Next, React, Prisma or
// process.env. The browser-safe modules (skill-md, validate, tokens, catalog, findings, limits,
// media-type) can be imported one by one where node:crypto is unavailable; bundle and export
// (and so this index) use node:crypto for SHA-256.
//
// Shapes, as agreed with the store, upload, editor and playground work:
//   readBundle(input, { profile, limits, countResourceTokens }) -> Bundle
//     Bundle      = { files: BundleFile[], skills: BundleSkill[], findings, skipped, ok }
//     BundleFile  = { path, bytes, size, sha256, mediaType }
//     BundleSkill = { root, name, description, frontmatter, fields, body, skillMd, files, findings,
//                     ok, tokens: { approximate, tokenizer, catalog, body, resources, total } }
//   Additions to the agreed shape: Bundle.ok, BundleSkill.fields (ordered fields with lines),
//   skipped[].entries (how many entries a skipped folder held), Finding.field.

export type { Finding, FindingCode, Profile, Severity } from "./format/findings";
export { formatBytes, formatCount, hasErrors, PROFILES } from "./format/findings";
export type { BundleLimits } from "./format/limits";
export { DEFAULT_LIMITS, RESERVED_NAME_WORDS, resolveLimits, SPEC_KEYS, SPEC_LIMITS } from "./format/limits";
export type { Frontmatter, FrontmatterField, FrontmatterValue, ParsedSkillMd, ParseOptions } from "./format/skill-md";
export { decodeSkillMd, parseSkillMd } from "./format/skill-md";
export type { SkillMdValidation, ValidateOptions } from "./format/validate";
export { validateParsedSkillMd, validateSkillMd } from "./format/validate";
export type { TokenCounts } from "./format/tokens";
export { countTokens, TOKEN_COUNT_NOTE, TOKENIZER } from "./format/tokens";
export type { CatalogEntry } from "./format/catalog";
export { escapeXml, renderCatalogEntryXml, renderCatalogMarkdown, renderCatalogXml } from "./format/catalog";
export { COMPRESSED_MEDIA_TYPES, detectMediaType, isTextMediaType, sniffBinary } from "./format/media-type";
export type { Bundle, BundleFile, BundleInput, BundleKind, BundleSkill, FileInput, ReadBundleOptions, SkippedEntry } from "./archive/bundle";
export { detectBundleKind, importableSkills, readBundle } from "./archive/bundle";
export type { ExportOptions, ExportSkill } from "./archive/export";
export { exportSkillZip } from "./archive/export";
export { findSkillMd } from "./format/paths";
