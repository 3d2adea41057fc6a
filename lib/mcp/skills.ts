import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { SkillSource } from "@modelcontextprotocol/server/ext/skills";
import type { ViewerRef } from "@/lib/data/core";
import { findServedSkill, listServedSkills, noteServedOffer, readServedFile } from "@/lib/data/distribution";
import { fileContent, isSkillMd, parseSkillUri, SKILL_MD, skillEntry, skillResource } from "./skill-entries";

// The catalog behind the MCP Skills extension: the SDK's SkillsExtension speaks the protocol
// (skills/list, skills/get, resources/read and resources/list of skill:// URIs); this answers it
// from the skills the viewer's agents get (lib/data/distribution/mcp-skills.ts), per request.

/** The viewer's catalog (or one of their profiles) as the SDK's skill source, following a release label (null: latest, or the profile's). */
export function skillSource(viewer: ViewerRef, profileId: string | null, label: string | null = null): SkillSource {
  const find = async (uri: string) => {
    const parsed = parseSkillUri(uri);
    const skill = parsed ? await findServedSkill(viewer, parsed.name, profileId, label) : null;
    return skill && parsed ? { skill, path: parsed.path } : null;
  };
  return shielded({
    // One page: the catalog is what one person may see, and every entry is a few paths and digests.
    list: async () => ({ skills: (await listServedSkills(viewer, profileId, { offered: true, label })).map(skillEntry) }),
    get: async (uri) => {
      const found = await find(uri);
      if (found?.path !== SKILL_MD) return undefined;
      // Frontmatter and digests, what a client compares before reading: offered (L1), not a load.
      noteServedOffer(viewer, found.skill);
      return skillEntry(found.skill);
    },
    read: async (uri) => {
      const found = await find(uri);
      if (!found) return undefined;
      const { skill, path } = found;
      // SKILL.md has that URI whatever case the store keeps its name in; any other path matches exactly.
      const file = skill.files.find((f) => (path === SKILL_MD ? isSkillMd(f.path) : f.path === path && !isSkillMd(f.path)));
      const bytes = file ? await readServedFile(viewer, skill, file.path, path === SKILL_MD) : null;
      return file && bytes ? fileContent(bytes, file.mediaType, file.path) : undefined;
    },
    listResources: async () => (await listServedSkills(viewer, profileId, { label })).map(skillResource),
  });
}

/**
 * A fault's message may name internals (a query, a storage key): the client gets a plain sentence
 * and the log gets the error, as the tools' guard does (./server.ts).
 */
function shielded(source: Required<Omit<SkillSource, "readDirectory">>): SkillSource {
  const guard =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await work(...args);
      } catch (error) {
        console.error("MCP skills call failed", error);
        throw new ProtocolError(ProtocolErrorCode.InternalError, "Skillshelf could not answer this call because of a server error. Try again later.");
      }
    };
  return { list: guard(source.list), get: guard(source.get), read: guard(source.read), listResources: guard(source.listResources) };
}
