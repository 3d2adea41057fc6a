import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser, loadShippedBuiltin, makeSkill } from "@/lib/test/database";
import type { BoundTool, PlaygroundSkill } from "@/lib/playground/domain";
import { readToolDeclarations, toolDefinitionTokens } from "@/lib/skills/format/bound-tools";
import { installTestSandbox } from "@/lib/test/chat-stream";
import { setSkillExecutor } from "@/lib/sandbox/registry";

// Bound tools over the store and the real bubblewrap sandbox: the built-in unit-converter's
// convert_units runs with its arguments on stdin; arguments are checked against the schema first;
// a failing script, a withheld tool and a version that needs review are told to the model.

const availability = await installTestSandbox("bound tool tests");

const { db, cleanup } = await createTestDatabase();
const { openRunSession } = await import("../playground/skill-runs");
const { loadSkillSource } = await import("../playground/playground");
const { syncBuiltinSkills } = await import("./builtin");
const { createSkill } = await import("./");
afterAll(async () => {
  setSkillExecutor(null);
  await cleanup();
});

await createUser(db, "ada");
const ada = { id: "ada" };
await syncBuiltinSkills([await loadShippedBuiltin("unit-converter")]);

const STDIN_ECHO = `import json, os, sys
args = json.load(sys.stdin)
print(json.dumps({"args": args, "cwd": os.getcwd(), "inputs": sorted(os.listdir("inputs"))}))
`;
await createSkill(ada, {
  skill: makeSkill("tool-kinds", { files: { "scripts/echo.py": STDIN_ECHO, "scripts/blob.bin": "\u0000\u0001" } }),
  destination: { scope: "PERSONAL" },
});

/** The catalog's view of a skill, with its declared tools offered (the source's policy decides that in the app). */
async function playgroundSkill(name: string, tools?: BoundTool[]): Promise<PlaygroundSkill> {
  const skill = (await loadSkillSource(ada, { kind: "all" })).source.skills.find((s) => s.name === name)!;
  const declared = readToolDeclarations(skill.frontmatter).map((d) => ({ ...d, tokens: toolDefinitionTokens(d) }));
  return { ...skill, tools: tools ?? declared };
}

const tool = (name: string, script: string): BoundTool => ({ name, description: `${name} things`, inputSchema: { type: "object" }, script, tokens: 10 });
const context = (id: string) => ({ toolCallId: id });
const toolAudits = () => db.auditEvent.findMany({ where: { action: "skill.tool" }, orderBy: { createdAt: "asc" } });

describe.skipIf(!availability.available)("callTool", () => {
  it("runs the demo convert_units with its arguments on stdin, returns its stdout, and audits the call", async () => {
    const skill = await playgroundSkill("unit-converter");
    const convert = skill.tools!.find((t) => t.name === "convert_units")!;
    const { runner } = await openRunSession(ada, { conversationId: null, attachments: [] });
    const outcome = await runner!.callTool(skill, convert, { value: 5, from: "km", to: "mi" }, context("call-1"));
    expect(outcome).toMatchObject({ stderr: "", exitCode: 0, timedOut: false, files: [], warnings: [] });
    expect(JSON.parse(outcome.stdout)).toEqual({ value: 5, from: "km", to: "mi", result: 3.10686 });

    const [audit] = await toolAudits();
    expect(audit).toMatchObject({ actorId: "ada", skillId: skill.skillId, skillName: "unit-converter", version: 1 });
    expect(JSON.parse(audit.detail)).toEqual({ tool: "convert_units", exitCode: 0, timedOut: false, durationMs: outcome.durationMs, conversationId: null });
  });

  it("reports a non-zero exit with the script's stderr, and audits it too", async () => {
    const skill = await playgroundSkill("unit-converter");
    const { runner } = await openRunSession(ada, { conversationId: null, attachments: [] });
    const outcome = await runner!.callTool(skill, skill.tools![0], { value: 1, from: "parsec", to: "m" }, context("call-2"));
    expect(outcome).toMatchObject({ stdout: "", exitCode: 2, timedOut: false, files: [] });
    expect(outcome.stderr).toContain("unknown unit 'parsec'. Known units:");
    expect(JSON.parse((await toolAudits()).at(-1)!.detail)).toMatchObject({ tool: "convert_units", exitCode: 2 });
  });

  it("refuses arguments that do not fit the input schema before anything runs, naming each field", async () => {
    const skill = await playgroundSkill("unit-converter");
    const { runner } = await openRunSession(ada, { conversationId: null, attachments: [] });
    const before = (await toolAudits()).length;
    await expect(runner!.callTool(skill, skill.tools![0], { value: "5", from: "km", unit: "mi" }, context("call-3"))).rejects.toThrow(
      'The arguments for convert_units do not match its input schema: "to" is required; "unit" is not a known argument; "value" must be number. Call it again with arguments that do.',
    );
    await expect(runner!.callTool(skill, skill.tools![0], undefined, context("call-4"))).rejects.toThrow(
      '"value" is required; "from" is required; "to" is required',
    );
    expect(await toolAudits()).toHaveLength(before);
  });

  it("is refused for a version that needs security review, and for a tool the catalog withholds", async () => {
    const skill = await playgroundSkill("unit-converter");
    const { runner } = await openRunSession(ada, { conversationId: null, attachments: [] });
    const args = { value: 5, from: "km", to: "mi" };
    await expect(runner!.callTool({ ...skill, reviewStatus: "needs_review" }, skill.tools![0], args, context("call-5"))).rejects.toThrow(
      'v1 of "unit-converter" needs security review before its scripts can run.',
    );
    const withheld = { ...skill, tools: [], toolsWithheld: { names: ["convert_units"], reason: "only built-in and public skills bind tools here." } };
    await expect(runner!.callTool(withheld, skill.tools![0], args, context("call-6"))).rejects.toThrow(
      'convert_units of "unit-converter" is withheld here: only built-in and public skills bind tools here.',
    );
    await expect(runner!.callTool({ ...skill, tools: [] }, skill.tools![0], args, context("call-7"))).rejects.toThrow(
      '"unit-converter" offers no tool convert_units here.',
    );
  });

  it("starts a script without the executable bit by its extension, from the skill folder, with the conversation's attachments; refuses one it cannot start", async () => {
    const echo = tool("echo", "scripts/echo.py");
    const blob = tool("blob", "scripts/blob.bin");
    const missing = tool("missing", "scripts/missing.py");
    const skill = await playgroundSkill("tool-kinds", [echo, blob, missing]);
    const { runner } = await openRunSession(ada, {
      conversationId: null,
      attachments: [{ name: "notes.txt", mediaType: "text/plain", bytes: new TextEncoder().encode("hi") }],
    });
    const outcome = await runner!.callTool(skill, echo, { text: "é 😀", n: [1, 2] }, context("call-8"));
    expect(outcome.exitCode).toBe(0);
    expect(JSON.parse(outcome.stdout)).toEqual({ args: { text: "é 😀", n: [1, 2] }, cwd: "/workspace/skills/tool-kinds", inputs: ["notes.txt"] });
    await expect(runner!.callTool(skill, blob, {}, context("call-9"))).rejects.toThrow(/^scripts\/blob\.bin is not executable and has no interpreter I know/);
    await expect(runner!.callTool(skill, missing, {}, context("call-10"))).rejects.toThrow(
      'scripts/missing.py, the script of missing, is not in v1 of "tool-kinds".',
    );
  });
});
