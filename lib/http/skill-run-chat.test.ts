import { afterAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, createUser, makeSkill } from "@/lib/test/database";
import type { DisclosureEvent } from "@/lib/playground/domain";
import type { PlaygroundMessage, PlaygroundSetup, StoredPlaygroundFile } from "@/lib/types/playground";
import { parseRunResult } from "@/lib/playground/run-tool";
import { setSkillExecutor } from "@/lib/sandbox/registry";
import { installTestSandbox, readChatTurn } from "@/lib/test/chat-stream";

// skill_run end to end through the chat route's handler with the offline router and the real
// bubblewrap sandbox: a skill with scripts is loaded, a backticked command runs against an
// attachment, the files it writes are stored with the turn, and only the owner can read them.

// The file route reads the session's viewer; these tests say who is signed in.
let signedIn: { id: string } | null = null;
vi.mock("@/lib/data/core/session", () => ({ getViewer: async () => signedIn }));

const availability = await installTestSandbox("skill_run chat tests");

const { db, cleanup } = await createTestDatabase();
const { playgroundChat } = await import("./playground-chat");
const { createSkill } = await import("@/lib/data/skills");
const { deleteConversation, getConversation } = await import("@/lib/data/playground/playground");
const { readPlaygroundFile } = await import("@/lib/data/playground/files");
const { writeInstanceSetting } = await import("@/lib/data/admin/settings");
const fileRoute = await import("@/app/api/playground/files/[fileId]/route");
const { openRunSession } = await import("@/lib/data/playground/skill-runs");
const { loadSkillSource } = await import("@/lib/data/playground/playground");
afterAll(async () => {
  setSkillExecutor(null);
  await cleanup();
});

await createUser(db, "ada", { role: "ADMIN" });
await createUser(db, "bob");
const ada = { id: "ada" };
const bob = { id: "bob" };

const SCRIPT = `import csv, os, sys
path = sys.argv[1]
if not os.path.exists(path):
    print(f"no such file: {path}", file=sys.stderr)
    sys.exit(3)
rows = list(csv.reader(open(path)))
os.makedirs("out", exist_ok=True)
open("out/summary.txt", "w").write(f"{len(rows) - 1} rows, columns: {', '.join(rows[0])}\\n")
print(f"counted {len(rows) - 1} rows")
`;
const counter = await createSkill(ada, {
  skill: makeSkill("row-counter", {
    description: "Counts the rows of a CSV spreadsheet export. Use when the user wants to count rows in a CSV file.",
    body: "# Row counter\n\nRun `python3 scripts/count.py inputs/<file>.csv`.\n",
    files: { "scripts/count.py": SCRIPT },
    // Runs here are about the sandbox, not approval (approval-chat.test.ts): the skill pre-approves its script.
    frontmatter: "allowed-tools: Bash(python3 scripts/count.py:*)\n",
  }),
  destination: { scope: "PERSONAL" },
});
await createSkill(ada, { skill: makeSkill("meeting-notes"), destination: { scope: "PERSONAL" } });

const setup: PlaygroundSetup = { source: { kind: "all" }, mode: "full", exposeMetadata: false, instructions: "", modelId: "offline-router" };
const csv = (text: string) => Buffer.from(text).toString("base64");

async function turn(viewer: { id: string }, body: object) {
  return readChatTurn(await playgroundChat(viewer, { conversationId: null, setup, ...body }));
}

describe.skipIf(!availability.available)("skill_run in a playground turn", () => {
  it("runs a loaded skill's script on an attachment, stores the output with the turn, and keeps it across reloads", async () => {
    const { chunks, ledger, conversation, answer } = await turn(ada, {
      text: "Count the rows in my CSV file: `python3 scripts/count.py inputs/people.csv`",
      attachments: [{ name: "people.csv", mediaType: "text/csv", data: csv("name,age\nada,36\ngrace,45\n") }],
    });
    const output = chunks.find((c) => c.type === "tool-output-available" && String(c.toolCallId).includes("skill_run"));
    const result = parseRunResult(output?.output);
    expect(result).toMatchObject({ exit_code: 0, timed_out: false, stdout: "counted 2 rows\n" });
    expect(result?.output_files).toEqual([{ name: "out/summary.txt", mime_type: "text/plain", size_bytes: 27, content: "2 rows, columns: name, age\n" }]);
    expect(answer).toContain("I ran `python3 scripts/count.py inputs/people.csv`: it finished");
    expect(answer).toContain("counted 2 rows");

    const run = ledger.events.find((e): e is Extract<DisclosureEvent, { kind: "run" }> => e.kind === "run");
    expect(run).toMatchObject({ skill: "row-counter", version: 1, command: "python3 scripts/count.py inputs/people.csv", exitCode: 0, timedOut: false });
    expect(run?.files).toEqual([{ path: "out/summary.txt", size: 27, mediaType: "text/plain" }]);
    expect(run!.tokens).toBeGreaterThan(0);
    expect(ledger.totals.runTokens).toBe(run!.tokens);

    // The run's files arrive after the turn is stored, and are stored with the assistant message.
    const runFiles = chunks.find((c) => c.type === "data-run-files")?.data as { files: StoredPlaygroundFile[] };
    expect(runFiles.files.map((f) => f.path)).toEqual(["out/summary.txt"]);
    const stored = await getConversation(ada, conversation!.id);
    const [user, assistant] = stored!.messages as PlaygroundMessage[];
    expect(user.parts.find((p) => p.type === "data-attachment")).toMatchObject({ data: { path: "people.csv", size: 25, mediaType: "text/csv" } });
    expect(assistant.parts.find((p) => p.type === "data-run-files")).toMatchObject({ data: { files: [{ path: "out/summary.txt" }] } });
    const file = await readPlaygroundFile(ada, runFiles.files[0].id);
    expect(new TextDecoder().decode(file!.bytes)).toBe("2 rows, columns: name, age\n");
    // Someone else's file reads as missing.
    expect(await readPlaygroundFile(bob, runFiles.files[0].id)).toBeNull();

    // Served to its owner as an untrusted attachment; to anyone else, or signed out, as missing.
    const get = async (viewer: { id: string } | null, url: string) => {
      signedIn = viewer;
      const id = url.split("/").pop()!.split("?")[0];
      return fileRoute.GET(new Request(`http://app.test${url}`), { params: Promise.resolve({ fileId: id }) });
    };
    const served = await get(ada, runFiles.files[0].url);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe("2 rows, columns: name, age\n");
    expect(served.headers.get("content-disposition")).toMatch(/^attachment; filename="summary.txt"/);
    expect(served.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const attachment = user.parts.find((p) => p.type === "data-attachment") as { data: StoredPlaygroundFile };
    expect((await get(ada, `${attachment.data.url}?inline=1`)).headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect((await get(ada, attachment.data.url)).headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect((await get(bob, runFiles.files[0].url)).status).toBe(404);
    expect((await get(null, runFiles.files[0].url)).status).toBe(404);
    expect((await get(ada, "/api/playground/files/..%2F..%2Fetc")).status).toBe(404);

    const audit = await db.auditEvent.findFirst({ where: { action: "skill.run", skillId: counter.skillId } });
    expect(JSON.parse(audit!.detail)).toMatchObject({ command: "python3 scripts/count.py inputs/people.csv", exitCode: 0, files: 1, conversationId: null });

    // A later turn of the same conversation still sees the earlier attachment under inputs/.
    const again = await turn(ada, { conversationId: conversation!.id, text: "Once more: `python3 scripts/count.py inputs/people.csv`" });
    expect(parseRunResult(again.chunks.find((c) => c.type === "tool-output-available" && String(c.toolCallId).includes("skill_run"))?.output)).toMatchObject({
      exit_code: 0,
      stdout: "counted 2 rows\n",
    });

    // Deleting the conversation deletes its files, and the bytes nothing else shares.
    const sha = (await db.playgroundFile.findUniqueOrThrow({ where: { id: runFiles.files[0].id } })).sha256;
    await deleteConversation(ada, conversation!.id);
    expect(await db.playgroundFile.count({ where: { conversationId: conversation!.id } })).toBe(0);
    expect(await db.blob.count({ where: { sha256: sha } })).toBe(0);
  });

  it("hands a failing script's exit code and stderr to the model and the ledger", async () => {
    const { ledger, answer } = await turn(ada, { text: "Count the rows in my CSV file: `python3 scripts/count.py inputs/missing.csv`" });
    const run = ledger.events.find((e) => e.kind === "run");
    expect(run).toMatchObject({ exitCode: 3, files: [] });
    expect(answer).toContain("it failed with exit code 3");
    expect(answer).toContain("no such file: inputs/missing.csv");
  });

  it("does not offer skill_run before a skill with scripts is loaded, nor for one without scripts", async () => {
    const { chunks } = await turn(ada, { text: "Summarize my meeting-notes things: `python3 scripts/count.py x`" });
    expect(chunks.some((c) => c.type === "tool-input-available" && c.toolName === "skill_run")).toBe(false);
  });

  it("refuses a version that needs security review, telling the model why", async () => {
    await db.skillVersion.updateMany({ where: { skillId: counter.skillId }, data: { reviewStatus: "needs_review" } });
    try {
      const { chunks, ledger } = await turn(ada, { text: "Count the rows in my CSV file: `python3 scripts/count.py inputs/people.csv`" });
      const error = chunks.find((c) => c.type === "tool-output-error");
      expect(String(error?.errorText)).toContain("needs security review before its scripts can run");
      expect(ledger.events.find((e) => e.kind === "error")).toMatchObject({ tool: "skill_run", skill: "row-counter" });
      expect(ledger.events.some((e) => e.kind === "run")).toBe(false);
    } finally {
      await db.skillVersion.updateMany({ where: { skillId: counter.skillId }, data: { reviewStatus: "none" } });
    }
  });

  it("offers no skill_run when an instance admin turned execution off", async () => {
    await writeInstanceSetting(ada, "scriptExecution", "off");
    try {
      const { chunks } = await turn(ada, { text: "Count the rows in my CSV file: `python3 scripts/count.py inputs/people.csv`" });
      expect(chunks.some((c) => c.type === "tool-input-available" && c.toolName === "skill_run")).toBe(false);
    } finally {
      await writeInstanceSetting(ada, "scriptExecution", "on");
    }
  });

  it("lets one user run two scripts at once, not more, so one person never takes every sandbox", async () => {
    const { runner } = await openRunSession(ada, { conversationId: null, attachments: [] });
    const skill = (await loadSkillSource(ada, { kind: "all" })).source.skills.find((s) => s.name === "row-counter")!;
    const run = (id: string) => runner!.run(skill, { command: "sleep 1", outputGlobs: ["out/**"], timeoutMs: 10_000 }, { toolCallId: id });
    const results = await Promise.allSettled([run("a"), run("b"), run("c")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    expect(String((results[2] as PromiseRejectedResult).reason)).toContain("You already have 2 scripts running");
    // Slots come back once the runs end.
    await expect(run("d")).resolves.toMatchObject({ exitCode: 0 });
  });

  it("caps what one conversation holds in attachments, and reads their type from the bytes, not the claim", async () => {
    const four = (turn: number) => Array.from({ length: 4 }, (_, i) => ({ name: `f${turn}-${i}.csv`, mediaType: "text/html", data: csv("a,b\n1,2\n") }));
    let id: string | null = null;
    for (let turn = 0; turn < 5; turn++) {
      const { conversation } = await turn_(id, four(turn));
      id = conversation!.id;
    }
    const files = await db.playgroundFile.findMany({ where: { conversationId: id!, kind: "attachment" } });
    expect(files).toHaveLength(20);
    expect(new Set(files.map((f) => f.mediaType))).toEqual(new Set(["text/csv"]));
    await expect(playgroundChat(ada, { conversationId: id, setup, text: "one more", attachments: four(5).slice(0, 1) })).rejects.toMatchObject({
      message: expect.stringContaining("A conversation holds at most 20 attachments"),
    });
    // Nothing was stored for the refused turn.
    expect(await db.playgroundFile.count({ where: { conversationId: id!, kind: "attachment" } })).toBe(20);

    async function turn_(conversationId: string | null, attachments: object[]) {
      return turn(ada, { conversationId, text: "here are more files", attachments });
    }
  });

  it("refuses an attachment over the size limit or with a bad name before anything runs", async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 65).toString("base64");
    await expect(
      playgroundChat(ada, { conversationId: null, setup, text: "hi", attachments: [{ name: "big.csv", mediaType: "text/csv", data: big }] }),
    ).rejects.toMatchObject({
      status: 413,
      message: expect.stringContaining('"big.csv" is larger than 2 MB'),
    });
    await expect(
      playgroundChat(ada, { conversationId: null, setup, text: "hi", attachments: [{ name: "../etc/passwd", mediaType: "text/plain", data: csv("x") }] }),
    ).rejects.toMatchObject({ status: 422, message: expect.stringContaining("has a slash in its name") });
  });
});
