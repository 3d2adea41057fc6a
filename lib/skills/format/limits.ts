/** Fixed by the agentskills.io specification; not configurable. */
export const SPEC_LIMITS = {
  nameMaxChars: 64,
  descriptionMaxChars: 1024,
  compatibilityMaxChars: 500,
  /** Recommendations: crossing them is a warning. */
  skillMdMaxLines: 500,
  bodyMaxTokens: 5000,
} as const;

/**
 * Bytes one server action request may carry (next.config.ts, proxy.ts): the editor saves a whole
 * skill through one, so a full skill (DEFAULT_LIMITS.maxSkillBytes, 25 MB) plus the form around it.
 */
export const ACTION_BODY_MAX_BYTES = 27 * 1024 * 1024;

/** What to say when a form submission is over ACTION_BODY_MAX_BYTES. */
export function actionBodyTooLargeMessage(bytes: number, limit = ACTION_BODY_MAX_BYTES): string {
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `This submission is ${mb(bytes)}; one save or form can send at most ${mb(limit)}. Remove or shrink large files, or upload the skill as a .zip instead.`;
}

/** Top-level frontmatter keys the specification defines. */
export const SPEC_KEYS: readonly string[] = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"];

export const RESERVED_NAME_WORDS: readonly string[] = ["anthropic", "claude"];

/**
 * Defaults for everything a hostile upload could abuse. A deployment may change them (through its
 * own configuration, passed in as options); the library never reads the environment itself.
 */
export interface BundleLimits {
  /**
   * Entries of any kind (files, folders, links) in one input: an archive, a folder, or a whole
   * upload. The archive-bomb bound; a collection of many skills is one input.
   */
  maxEntries: number;
  /** Bytes after decompression, every entry of one input together. */
  maxTotalBytes: number;
  /** Files in one skill. */
  maxSkillFiles: number;
  /** Bytes of one skill's files together. */
  maxSkillBytes: number;
  /** Bytes after decompression, per file. */
  maxFileBytes: number;
  /** Inflated:compressed ratio past which an entry (or a whole .tar.gz) counts as a bomb. */
  maxCompressionRatio: number;
  /**
   * The ratio is only enforced once this many bytes came out: a few KiB of blank lines compress
   * 500:1 and are harmless, and the absolute caps already bound memory and time.
   */
  ratioGraceBytes: number;
  /** UTF-8 bytes of an entry path, as stored in the archive. */
  maxPathBytes: number;
  /** UTF-8 bytes between the frontmatter delimiters; checked before YAML parsing. */
  maxFrontmatterBytes: number;
  /**
   * UTF-8 bytes of one SKILL.md, checked before it is parsed or its tokens counted. The model
   * reads the whole body on activation, so anything near this is already unusable; the longest
   * real SKILL.md in public collections is 74 KB.
   */
  maxSkillMdBytes: number;
  /** Alias dereferences allowed while building the frontmatter object (billion laughs). */
  maxAliasCount: number;
}

// The per-skill defaults admit every skill seen in public collections, with room: the largest is
// UiPath's uipath-rpa (702 files, 5.4 MB). The per-input ones admit a whole collection in one
// archive or folder (the 206 skills of ../shared/corpus-external are 1,218 files, 15 MB); the
// unpacked total stays close to one skill's, since a request holds its text in the server's
// 256 MB heap (server/start.sh).
export const DEFAULT_LIMITS: Readonly<BundleLimits> = Object.freeze({
  maxEntries: 5000,
  maxTotalBytes: 32 * 1024 * 1024,
  maxSkillFiles: 1000,
  maxSkillBytes: 25 * 1024 * 1024,
  maxFileBytes: 5 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioGraceBytes: 1024 * 1024,
  maxPathBytes: 200,
  maxFrontmatterBytes: 64 * 1024,
  maxSkillMdBytes: 256 * 1024,
  maxAliasCount: 100,
});

export function resolveLimits(overrides?: Partial<BundleLimits>): BundleLimits {
  const limits = { ...DEFAULT_LIMITS };
  if (!overrides) return limits;
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof BundleLimits)[]) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`limit ${key} must be a non-negative finite number (got ${String(value)})`);
    }
    limits[key] = value;
  }
  return limits;
}

/**
 * Bytes one upload request may carry: the largest skill, plus room for multipart framing (an
 * archive of a collection is compressed, so it unpacks to more). Fixed rather than configured,
 * since the browser checks it before sending; checked against Content-Length before reading, and
 * counted while reading.
 */
export const MAX_UPLOAD_BYTES = DEFAULT_LIMITS.maxSkillBytes + 1024 * 1024;
