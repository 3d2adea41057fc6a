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
 * skill through one, so a full bundle (DEFAULT_LIMITS.maxTotalBytes, 25 MB) plus the form around it.
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
  /** Entries of any kind in an archive (files, folders, links). */
  maxEntries: number;
  /** Bytes after decompression, all entries together. */
  maxTotalBytes: number;
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

export const DEFAULT_LIMITS: Readonly<BundleLimits> = Object.freeze({
  maxEntries: 500,
  maxTotalBytes: 25 * 1024 * 1024,
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
 * Bytes one upload request may carry: what a bundle may unpack to, plus room for multipart
 * framing. Checked against Content-Length before reading, and counted while reading; the upload
 * dialog checks the picked files against it before sending anything.
 */
export const MAX_UPLOAD_BYTES = DEFAULT_LIMITS.maxTotalBytes + 1024 * 1024;
