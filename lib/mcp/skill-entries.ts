import type { Resource } from "@modelcontextprotocol/server";
import type { Skill, SkillReadResult } from "@modelcontextprotocol/server/ext/skills";
import type { DeliveredFile } from "@/lib/data/distribution";
import { isTextMediaType } from "@/lib/skills/format/media-type";

// How a skill of the store looks under the MCP Skills extension (SEP-2640): a folder of resources
// at skill://<name>/<path>, described by an entry with its frontmatter verbatim and every file's
// sha256 digest and size as the store has them. Pure, so the shapes are tested without a server.

export const SKILL_SCHEME = "skill:";
export const SKILL_MD = "SKILL.md";

export const isSkillMd = (path: string) => path.toLowerCase() === "skill.md";

/** The resource URI of a file of a skill, in the canonical form `new URL` gives (clients compare URIs as strings). */
export function skillUri(name: string, path: string): string {
  const file = isSkillMd(path) ? SKILL_MD : path;
  return new URL(`${SKILL_SCHEME}//${name}/${file.split("/").map(encodeURIComponent).join("/")}`).href;
}

/** `skill://<name>/<path>` as a skill name and a file path, or null for any other URI. */
export function parseSkillUri(uri: string): { name: string; path: string } | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== SKILL_SCHEME || !url.host || url.pathname.length < 2 || url.search || url.hash) return null;
  try {
    return { name: url.host, path: url.pathname.slice(1).split("/").map(decodeURIComponent).join("/") };
  } catch {
    return null;
  }
}

/** The SEP-2640 entry of a served skill: its SKILL.md URI, its frontmatter verbatim, and every file with digest and size. */
export function skillEntry(skill: {
  name: string;
  frontmatter: Record<string, unknown>;
  files: readonly Pick<DeliveredFile, "path" | "sha256" | "size">[];
}): Skill {
  return {
    uri: skillUri(skill.name, SKILL_MD),
    frontmatter: skill.frontmatter as Skill["frontmatter"],
    resources: skill.files.map((f) => ({ uri: skillUri(skill.name, f.path), digest: `sha256:${f.sha256}`, size: f.size })),
  };
}

/** What resources/list shows of a skill: its SKILL.md, named and described as the spec suggests. */
export function skillResource(skill: { name: string; description: string; files: readonly Pick<DeliveredFile, "path" | "size">[] }): Resource {
  const md = skill.files.find((f) => isSkillMd(f.path));
  return { uri: skillUri(skill.name, SKILL_MD), name: skill.name, description: skill.description, mimeType: "text/markdown", ...(md ? { size: md.size } : {}) };
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A file's content as resources/read sends it: text when the store calls it text and it is valid
 * UTF-8 (so the text encodes back to exactly the bytes the digest covers), otherwise base64 bytes.
 */
export function fileContent(bytes: Uint8Array, mediaType: string, path: string): SkillReadResult {
  const mimeType = isSkillMd(path) ? "text/markdown" : mediaType;
  if (isTextMediaType(mimeType)) {
    try {
      return { text: utf8.decode(bytes), mimeType };
    } catch {
      // Not UTF-8 after all: sent as bytes, which the digest still matches.
    }
  }
  return { bytes, mimeType };
}
