import "server-only";
import { randomUUID } from "node:crypto";
import { McpServer, type CallToolResult } from "@modelcontextprotocol/server";
import { SkillsExtension } from "@modelcontextprotocol/server/ext/skills";
import { z } from "zod";
import type { ViewerRef } from "@/lib/data/core";
import { DataError, notFound } from "@/lib/data/errors";
import { loadSkillSource, type LoadedSource } from "@/lib/data/playground";
import { getProfile } from "@/lib/data/profiles";
import { recordDownload } from "@/lib/data/skills";
import { noteMcp, noteOffered } from "@/lib/data/usage";
import { createRecorder } from "@/lib/playground/recorder";
import { createSkillTools, LOAD_SKILL, modelCatalog, READ_SKILL_RESOURCE, searchCatalog } from "@/lib/playground/tools";
import { LIST_SKILLS, listedSkill, renderSkillList, serverInstructions, TOOL_DESCRIPTIONS, type ProfileFacts } from "./catalog";
import { skillSource } from "./skills";

// The MCP server: the playground's catalog and tools for any MCP client, and the same skills as
// resources under the Skills extension (./skills.ts). Stateless: one server per HTTP request (the
// client keeps the conversation), the viewer's catalog read on the first call that needs it, and
// load and read answered by the playground's own tools, so their rules, texts and refusals are
// the playground's.

export interface SkillsMcpOptions {
  /** Restrict the catalog to one of the viewer's agent profiles (its pinned versions honoured). */
  profileId?: string | null;
  /** The release label the Skills extension's resources follow (`?label=`, else the token's); null: latest or the profile's. */
  label?: string | null;
}

const listOutput = z.object({
  skills: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      place: z.string(),
      version: z.number().int(),
      tokens: z.number().int(),
      score: z.number().optional(),
    }),
  ),
  notices: z.array(z.string()),
});

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** Who the server is for: the viewer, and the agent profile it is narrowed to (if any). */
export interface SkillsMcpContext {
  viewer: ViewerRef;
  profile: (ProfileFacts & { id: string }) | null;
  label?: string | null;
}

/** Checks the options once per HTTP request. Throws NOT_FOUND for a profile that is not the viewer's. */
export async function resolveMcpContext(viewer: ViewerRef, options: SkillsMcpOptions = {}): Promise<SkillsMcpContext> {
  const label = options.label ?? null;
  if (!options.profileId) return { viewer, profile: null, label };
  const found = await getProfile(viewer, options.profileId);
  if (!found) throw notFound("Agent profile");
  return { viewer, profile: { id: found.id, name: found.name, instructions: found.instructions }, label };
}

/**
 * The viewer's skills server. It declares no `listChanged`: the tools never change, and when the
 * skills do, a server that lives for one request has no stream to say so on (clients list again).
 */
export function createSkillsMcpServer({ viewer, profile, label }: SkillsMcpContext): McpServer {
  const server = new McpServer(
    { name: "skillshelf", title: "Skillshelf", version: "1.0.0" },
    {
      instructions: serverInstructions(profile),
      maxToolInputElements: 16,
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    },
  );
  // Per viewer: a shared cache must not keep what one person's token listed.
  new SkillsExtension({ source: skillSource(viewer, profile?.id ?? null, label ?? null), cacheHint: { ttlMs: 0, cacheScope: "private" } }).attach(server);

  let catalog: Promise<LoadedSource> | null = null;
  const load = () => (catalog ??= loadSkillSource(viewer, profile ? { kind: "profile", profileId: profile.id } : { kind: "all", label: label ?? undefined }));

  server.registerTool(
    LIST_SKILLS,
    {
      title: "List skills",
      description: TOOL_DESCRIPTIONS[LIST_SKILLS],
      inputSchema: z.object({
        query: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .optional()
          .describe("Optional: a short description of the task, in plain words, to get the best-matching skills only"),
      }),
      outputSchema: listOutput,
      annotations: readOnly,
    },
    async ({ query }) =>
      guard(async () => {
        const { source, notices, places } = await load();
        const offered = modelCatalog(source.skills);
        const placeOf = (skillId: string) => places.get(skillId) ?? "";
        const byName = new Map(offered.map((s) => [s.name, s]));
        const skills =
          query === undefined
            ? offered.map((s) => listedSkill(s, placeOf(s.skillId)))
            : (await searchCatalog(source, offered, query)).ranked.map((r) => {
                const skill = byName.get(r.name)!;
                return listedSkill(skill, placeOf(skill.skillId), r.score);
              });
        noteOffered(viewer, query === undefined ? offered : skills.flatMap((s) => byName.get(s.name) ?? []));
        return {
          content: [{ type: "text", text: renderSkillList(skills, query ?? null, notices) }],
          structuredContent: { skills, notices },
        };
      }),
  );

  server.registerTool(
    LOAD_SKILL,
    {
      title: "Load a skill",
      description: TOOL_DESCRIPTIONS[LOAD_SKILL],
      inputSchema: z.object({ name: z.string().min(1).max(200).describe(`The skill's name, exactly as ${LIST_SKILLS} gives it`) }),
      annotations: readOnly,
    },
    async ({ name }) =>
      guard(async () => {
        const result = await runPlaygroundTool(await load(), LOAD_SKILL, { name });
        if ("error" in result) return toolError(result.error);
        // The same audit row as a ZIP download: the body left the store for an agent.
        if (result.loaded) await recordDownload(viewer, result.loaded.skillId, result.loaded.version, { via: "mcp" });
        if (result.loaded) noteMcp(viewer, result.loaded, null);
        return { content: [{ type: "text", text: result.output }] };
      }),
  );

  server.registerTool(
    READ_SKILL_RESOURCE,
    {
      title: "Read a skill's resource file",
      description: TOOL_DESCRIPTIONS[READ_SKILL_RESOURCE],
      inputSchema: z.object({
        name: z.string().min(1).max(200).describe("The skill's name"),
        path: z.string().max(1000).describe(`The file's path inside the skill folder, exactly as ${LOAD_SKILL} listed it, e.g. references/guide.md`),
      }),
      annotations: readOnly,
    },
    async ({ name, path }) =>
      guard(async () => {
        const loaded = await load();
        const result = await runPlaygroundTool(loaded, READ_SKILL_RESOURCE, { name, path });
        if ("error" in result) return toolError(result.error);
        const skill = loaded.source.skills.find((s) => s.name === name);
        if (skill && result.read) noteMcp(viewer, skill, result.read);
        return { content: [{ type: "text", text: result.output }] };
      }),
  );

  return server;
}

type PlaygroundToolResult = { output: string; loaded: { skillId: string; version: number } | null; read: string | null } | { error: string };

/**
 * Runs one of the playground's tools as a fresh turn with nothing loaded yet: an MCP client keeps
 * its own conversation, so a second load returns the body again. The playground's refusals are
 * errors it recorded before throwing; their message is what the model reads.
 */
async function runPlaygroundTool(loaded: LoadedSource, name: typeof LOAD_SKILL | typeof READ_SKILL_RESOURCE, input: object): Promise<PlaygroundToolResult> {
  const recorder = createRecorder();
  const tools = createSkillTools({ source: loaded.source, mode: "full", recorder, turn: 1, loaded: new Map() });
  try {
    const output = await tools[name].execute!(input, { toolCallId: randomUUID(), messages: [], context: undefined });
    const load = recorder.events.find((e) => e.kind === "load");
    const read = recorder.events.find((e) => e.kind === "read");
    return {
      output: String(output),
      loaded: load?.kind === "load" ? { skillId: load.skillId, version: load.version } : null,
      read: read?.kind === "read" ? read.path : null,
    };
  } catch (error) {
    const refusal = recorder.events.find((e) => e.kind === "error");
    if (refusal?.kind === "error") return { error: refusal.error };
    throw error;
  }
}

function toolError(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * A data-layer refusal (a skill that stopped being visible mid-call) is a tool error like the
 * playground's; anything else is a fault whose message may name internals, so the client gets a
 * plain sentence and the log gets the error.
 */
async function guard(work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DataError) return toolError(error.message);
    console.error("MCP tool call failed", error);
    return toolError("Skillshelf could not answer this call because of a server error. Try again later.");
  }
}
