import { afterAll, describe, expect, it } from "vitest";
import { buildZip, S_IFREG, UNIX_FILE } from "@/lib/skills/test-helpers/archives";
import { listZip } from "@/lib/skills/archive/zip";
import { DEFAULT_LIMITS } from "@/lib/skills/format/limits";
import { createTestDatabase, createUser } from "@/lib/test/database";

// A script's execute bit through the public API: published in a ZIP at 755, listed as executable,
// downloaded at 755, and a republish that changes only the bit is a new version with a new ETag.

const { db, cleanup } = await createTestDatabase();
const { createToken } = await import("@/lib/data/accounts/tokens");
const skillsRoute = await import("@/app/api/v1/skills/route");
const skillRoute = await import("@/app/api/v1/skills/[skillId]/route");
const downloadRoute = await import("@/app/api/v1/skills/[skillId]/download/route");
afterAll(cleanup);

await createUser(db, "ada", { role: "ADMIN" });
const token = (await createToken({ id: "ada" }, { name: "publish", scope: "publish" })).secret;
const auth = { authorization: `Bearer ${token}` };

const skillMd = "---\nname: runner\ndescription: Runs a script. Use when testing modes.\n---\n\nRun `scripts/run.sh`.\n";
const unixFile = (name: string, data: string, mode: number) => ({ name, data, madeBy: UNIX_FILE, externalAttrs: ((S_IFREG | mode) << 16) >>> 0 });
const upload = (runMode: number) =>
  buildZip([
    unixFile("runner/SKILL.md", skillMd, 0o644),
    unixFile("runner/scripts/run.sh", "#!/bin/sh\necho run\n", runMode),
    unixFile("runner/notes.txt", "n\n", 0o600),
  ]);

function publish(bytes: Uint8Array, message?: string) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "runner.zip"));
  if (message) form.append("message", message);
  return skillsRoute.POST(new Request("http://localhost/api/v1/skills", { method: "POST", body: form, headers: auth }));
}
const get = (route: { GET: (r: Request, c: { params: Promise<{ skillId: string }> }) => Promise<Response> }, url: string, skillId: string) =>
  route.GET(new Request(`http://localhost${url}`, { headers: auth }), { params: Promise.resolve({ skillId }) });

async function downloadModes(skillId: string, query = "") {
  const response = await get(downloadRoute, `/api/v1/skills/${skillId}/download${query}`, skillId);
  expect(response.status).toBe(200);
  const zip = new Uint8Array(await response.arrayBuffer());
  const modes = Object.fromEntries(
    listZip(zip, DEFAULT_LIMITS)
      .entries.filter((e) => e.type === "file")
      .map((e) => [e.name, e.executable ? "755" : "644"]),
  );
  return { modes, etag: response.headers.get("etag") };
}

describe("executable scripts through the API", () => {
  it("keep their bit from upload to listing to download, and a change of the bit alone is a new version", async () => {
    const created = await publish(upload(0o755));
    expect(created.status).toBe(201);
    const skillId: string = (await created.json()).skills[0].skillId;

    const detail = await (await get(skillRoute, `/api/v1/skills/${skillId}`, skillId)).json();
    expect(detail.versionDetail.files.map((f: { path: string; executable: boolean }) => [f.path, f.executable])).toEqual([
      ["SKILL.md", false],
      ["notes.txt", false],
      ["scripts/run.sh", true],
    ]);

    const v1 = await downloadModes(skillId);
    expect(v1.modes).toEqual({ "runner/SKILL.md": "644", "runner/notes.txt": "644", "runner/scripts/run.sh": "755" });

    // the same archive again changes nothing
    const again = await publish(upload(0o755), "again");
    expect((await again.json()).skills).toMatchObject([{ action: "unchanged", version: 1 }]);

    // the same bytes with the script no longer executable: a new version, same digest, another archive
    const demoted = await publish(upload(0o644), "not executable");
    expect(demoted.status).toBe(201);
    expect((await demoted.json()).skills).toMatchObject([{ action: "version", version: 2 }]);
    const digests = await db.skillVersion.findMany({ where: { skillId }, select: { digest: true }, orderBy: { number: "asc" } });
    expect(digests[0].digest).toBe(digests[1].digest);
    const v2 = await downloadModes(skillId);
    expect(v2.modes["runner/scripts/run.sh"]).toBe("644");
    expect(v2.etag).toBe(`"${digests[1].digest}"`);
    expect(v1.etag).not.toBe(v2.etag); // a client holding v1's archive must not get a 304 for v2
    expect((await downloadModes(skillId, "?v=1")).modes["runner/scripts/run.sh"]).toBe("755");
  });
});
