import { describe, expect, it } from "vitest";
import type { UploadCommitResult, UploadPreview, UploadRefusedSkill } from "@/lib/types/uploads";
import { existing, invalidName, preview, skill } from "./upload-fixtures";
import {
  chosenSkills,
  commitChoices,
  defaultDecisions,
  defaultSelection,
  destinationFields,
  destinationOptions,
  fieldErrors,
  importSummary,
  isChoosable,
  isScanFinding,
  refusedTitle,
  scanGate,
  tooLargeMessage,
  uploadForm,
  type Selection,
} from "./upload-logic";

function selection(p: UploadPreview, over: Partial<Selection> = {}): Selection {
  return { preview: p, destination: "personal", selected: defaultSelection(p, new Set()), folderNamed: {}, decisions: defaultDecisions(p, {}), ...over };
}

describe("defaultSelection", () => {
  const blocked = skill("0:evil", { gate: "blocked" });
  const fine = skill("0:fine");
  const invalid = skill("0:PDF Tools", { name: "PDF Tools", ok: false, errorCount: 1, findings: [invalidName], folderName: "pdf-tools", root: "pdf-tools" });

  it("leaves blocked skills out for a viewer who cannot override the scan, and chooses the rest", () => {
    expect(defaultSelection(preview([blocked, fine]), new Set())).toEqual({ "0:evil": false, "0:fine": true });
  });

  it("chooses blocked skills for an instance admin, who may override", () => {
    expect(defaultSelection(preview([blocked, fine], { canOverrideScan: true }), new Set())).toEqual({ "0:evil": true, "0:fine": true });
  });

  it("leaves invalid skills, skills from a refused source and skills the user left out unchosen", () => {
    const other = skill("1:other", { source: 1 });
    const p = preview([invalid, fine, other], {
      sources: [
        { index: 0, name: "a.zip", type: "file", kind: "zip", size: 1, findings: [], skipped: [], notASkill: null },
        {
          index: 1,
          name: "b.zip",
          type: "file",
          kind: "zip",
          size: 1,
          findings: [{ ...invalidName, message: "Path traversal." }],
          skipped: [],
          notASkill: null,
        },
      ],
    });
    expect(defaultSelection(p, new Set(["0:fine"]))).toEqual({ "0:PDF Tools": false, "0:fine": false, "1:other": false });
  });

  it("keeps a skill chosen once it took its folder's name", () => {
    expect(defaultSelection(preview([invalid]), new Set(), { "0:PDF Tools": true })).toEqual({ "0:PDF Tools": true });
  });
});

describe("commitChoices", () => {
  it("creates a new skill, with the digest the preview showed", () => {
    const p = preview([skill("0:alpha")]);
    expect(commitChoices(selection(p))).toEqual([{ key: "0:alpha", action: "create", digest: "digest-0:alpha" }]);
  });

  it("puts an admin's override reason on each blocked skill's own choice, and on no other", () => {
    const p = preview([skill("0:risky", { gate: "blocked" }), skill("0:plain")]);
    const both = selection(p, { selected: { "0:risky": true, "0:plain": true } });
    expect(commitChoices(both, "Reviewed by security: the flagged line is a fixture.")).toEqual([
      { key: "0:risky", action: "create", digest: "digest-0:risky", overrideReason: "Reviewed by security: the flagged line is a fixture." },
      { key: "0:plain", action: "create", digest: "digest-0:plain" },
    ]);
    expect(commitChoices(both).every((c) => !("overrideReason" in c))).toBe(true);
  });

  it("renames a skill to its folder's name once the user took the offer, and only then", () => {
    const s = skill("0:pdf-tools", { name: "PDF Tools", ok: false, errorCount: 1, folderName: "pdf-tools" });
    const p = preview([s, skill("0:beta")]);
    expect(commitChoices(selection(p)).map((c) => c.key)).toEqual(["0:beta"]);
    const taken = selection(p, { selected: { "0:pdf-tools": true, "0:beta": true }, folderNamed: { "0:pdf-tools": true } });
    expect(commitChoices(taken)).toEqual([
      { key: "0:pdf-tools", action: "rename", name: "pdf-tools", digest: "digest-0:pdf-tools" },
      { key: "0:beta", action: "create", digest: "digest-0:beta" },
    ]);
    // ticked but without the folder name: an invalid skill is never sent
    expect(commitChoices({ ...taken, folderNamed: {} }).map((c) => c.key)).toEqual(["0:beta"]);
  });

  it("asks for a new version or a rename when the name is taken in the destination", () => {
    const s = skill("0:alpha", { existing: { personal: existing(3) } });
    const p = preview([s]);
    const version = selection(p, { decisions: { "0:alpha": { action: "version", message: "  Fix typos ", name: "" } } });
    expect(commitChoices(version)).toEqual([{ key: "0:alpha", action: "version", message: "Fix typos", baseVersion: 3, digest: "digest-0:alpha" }]);
    const rename = selection(p, { decisions: { "0:alpha": { action: "rename", message: "", name: " alpha-two " } } });
    expect(commitChoices(rename)).toEqual([{ key: "0:alpha", action: "rename", name: "alpha-two", digest: "digest-0:alpha" }]);
    // the same name elsewhere does not matter
    expect(commitChoices({ ...version, destination: "team:t1" })).toEqual([{ key: "0:alpha", action: "create", digest: "digest-0:alpha" }]);
  });
});

describe("fieldErrors", () => {
  const p = preview([skill("0:alpha", { existing: { personal: existing(1) } }), skill("0:beta")]);

  it("asks for a version message", () => {
    expect(fieldErrors("0:alpha", selection(p, { decisions: { "0:alpha": { action: "version", message: " ", name: "" } } }))).toEqual({
      message: "Say what changed in this version.",
    });
    expect(fieldErrors("0:alpha", selection(p, { decisions: { "0:alpha": { action: "version", message: "New", name: "" } } }))).toEqual({});
  });

  it("checks a new name: valid, different, and not another chosen skill's", () => {
    const named = (name: string) => fieldErrors("0:alpha", selection(p, { decisions: { "0:alpha": { action: "rename", message: "", name } } }));
    expect(named("Alpha Two").name).toBeTruthy();
    expect(named("alpha")).toEqual({ name: "Choose a name that differs from the existing skill's." });
    expect(named("beta")).toEqual({ name: "Another chosen skill has this name." });
    expect(named("gamma")).toEqual({});
  });

  it("counts a folder name taken by another chosen skill", () => {
    const q = preview([skill("0:alpha", { existing: { personal: existing(1) } }), skill("0:Gamma", { name: "Gamma", ok: false, folderName: "gamma" })]);
    const s = selection(q, {
      selected: { "0:alpha": true, "0:Gamma": true },
      folderNamed: { "0:Gamma": true },
      decisions: { "0:alpha": { action: "rename", message: "", name: "gamma" } },
    });
    expect(fieldErrors("0:alpha", s)).toEqual({ name: "Another chosen skill has this name." });
  });

  it("has nothing to say about a skill whose name is free", () => {
    expect(fieldErrors("0:beta", selection(p))).toEqual({});
  });
});

describe("defaultDecisions", () => {
  it("keeps earlier decisions and starts on rename when a version cannot be added", () => {
    const p = preview([skill("0:alpha", { existing: { personal: existing(1, false) } }), skill("0:beta", { existing: { personal: existing(2) } })]);
    const kept = { action: "version" as const, message: "kept", name: "x" };
    expect(defaultDecisions(p, { "0:beta": kept })).toEqual({ "0:alpha": { action: "rename", message: "", name: "alpha-2" }, "0:beta": kept });
  });
});

describe("chosen, choosable and blocked", () => {
  it("only counts ticked skills that can be imported", () => {
    const s = skill("0:Bad", { name: "Bad", ok: false, folderName: "bad" });
    const p = preview([s, skill("0:good")]);
    expect(isChoosable(s, new Set(), {})).toBe(false);
    expect(isChoosable(s, new Set(), { "0:Bad": true })).toBe(true);
    expect(isChoosable(s, new Set([0]), { "0:Bad": true })).toBe(false);
    expect(chosenSkills(selection(p, { selected: { "0:Bad": true, "0:good": true } })).map((c) => c.key)).toEqual(["0:good"]);
  });

  it("blocks a chosen critical skill until an admin writes a long enough reason", () => {
    const chosen = [skill("0:evil", { gate: "blocked" }), skill("0:fine")];
    expect(scanGate([chosen[1]], false, { enabled: false, reason: "" })).toEqual({ blocked: [], overrideReason: undefined, blockedReason: null });
    expect(scanGate(chosen, false, { enabled: true, reason: "a reason long enough to count" }).blockedReason).toMatch(/leave it out/);
    expect(scanGate(chosen, true, { enabled: true, reason: "short" }).blockedReason).toMatch(/Override the security block/);
    const ready = scanGate(chosen, true, { enabled: true, reason: "  The flagged text is a documented test fixture.  " });
    expect(ready).toMatchObject({ blockedReason: null, overrideReason: "The flagged text is a documented test fixture." });
    expect(ready.blocked.map((s) => s.key)).toEqual(["0:evil"]);
  });
});

describe("importSummary", () => {
  const destination = preview([]).destination;
  const stored = (key: string, action: "created" | "version" | "unchanged" = "created") => ({
    key,
    skillId: key,
    name: key,
    version: 1,
    action,
    links: { page: "", api: "", download: "" },
  });
  const refused: UploadRefusedSkill = { key: "0:beta", name: "beta", outcome: "name-taken", message: 'A skill named "beta" already exists there.' };

  it("says a full import is one", () => {
    const result: UploadCommitResult = { destination, skills: [stored("a"), stored("b")], refused: [] };
    expect(importSummary(result)).toEqual({ complete: true, heading: "Imported into Personal", toast: "Imported 2 skills into Personal." });
  });

  it("counts a partial import in the heading and the toast", () => {
    const result: UploadCommitResult = { destination, skills: [stored("a"), stored("c")], refused: [refused] };
    expect(importSummary(result)).toEqual({
      complete: false,
      heading: "Imported 2 of 3 skills into Personal",
      toast: "Imported 2 skills into Personal; 1 not imported.",
    });
  });

  it("does not claim an import when the stored skills were already there", () => {
    const result: UploadCommitResult = { destination, skills: [stored("a", "unchanged")], refused: [refused] };
    expect(importSummary(result)).toEqual({ complete: false, heading: "Imported 1 of 2 skills into Personal", toast: "Nothing changed; 1 not imported." });
    expect(importSummary({ ...result, refused: [] }).toast).toBe("Nothing changed: every skill was already there.");
  });

  it("says a proposed skill is proposed, not imported", () => {
    const proposal = { requestId: "r1", revision: 1, url: "/reviews/r1" };
    const proposedOnly: UploadCommitResult = { destination, skills: [{ ...stored("a", "version"), proposal }], refused: [] };
    expect(importSummary(proposedOnly)).toEqual({ complete: true, heading: "Proposed for review in Personal", toast: "Proposed 1 skill for review." });
    const mixed: UploadCommitResult = { destination, skills: [stored("b"), { ...stored("a", "version"), proposal }], refused: [refused] };
    expect(importSummary(mixed)).toEqual({
      complete: false,
      heading: "Imported 2 of 3 skills into Personal",
      toast: "Imported 1 skill into Personal; proposed 1 skill for review; 1 not imported.",
    });
  });

  it("names a refused skill without a name by its folder", () => {
    expect(refusedTitle(refused)).toBe("beta");
    expect(refusedTitle({ ...refused, name: null, key: "2:skills/pdf" })).toBe("skills/pdf");
    expect(refusedTitle({ ...refused, name: null, key: "0:" })).toBe("SKILL.md");
  });

  it("tells scan findings from skill findings", () => {
    expect(
      isScanFinding({ rule: "exec/curl-pipe-shell", severity: "critical", category: "execution" as never, file: "run.sh", line: 1, excerpt: "", message: "" }),
    ).toBe(true);
    expect(isScanFinding(invalidName)).toBe(false);
  });
});

describe("destinations, sizes and the form", () => {
  it("turns a destination key into form fields", () => {
    expect(destinationFields("personal")).toEqual({ scope: "personal" });
    expect(destinationFields("team:abc")).toEqual({ scope: "team", team: "abc" });
    expect(destinationOptions([{ id: "t1", name: "Platform" }], false)).toEqual([
      { key: "personal", label: "Personal" },
      { key: "team:t1", label: "Team Platform" },
      { key: "public", label: "Public (after an admin's approval)" },
    ]);
    expect(destinationOptions([], true).map((d) => d.key)).toEqual(["personal", "public"]);
  });

  it("refuses an upload over the limit before sending, naming a file that is most of it", () => {
    expect(tooLargeMessage([{ name: "a.zip", size: 100 }], 0, 100)).toBeNull();
    expect(
      tooLargeMessage(
        [
          { name: "a.zip", size: 60 },
          { name: "b.zip", size: 50 },
        ],
        0,
        100,
      ),
    ).toBe("The upload is 110 B; the limit is 100 B (a.zip alone is 60 B). Remove large files, or upload fewer skills at a time.");
    expect(tooLargeMessage([{ name: "a.zip", size: 20 }], 90, 100)).toContain("(the folder alone is 90 B)");
    expect(
      tooLargeMessage(
        [
          { name: "a.zip", size: 45 },
          { name: "b.zip", size: 45 },
        ],
        45,
        100,
      ),
    ).not.toContain("alone");
  });

  it("builds the multipart body for files and a folder, or pasted text", () => {
    const file = new File(["zip"], "a.zip");
    const form = uploadForm(
      { mode: "files", files: [file], folder: [{ file: new File(["md"], "SKILL.md"), path: "s/SKILL.md" }], text: "ignored", destination: "team:t1" },
      { choices: "[]" },
    );
    expect(form.getAll("file").map((f) => (f as File).name)).toEqual(["a.zip"]);
    expect(form.getAll("paths")).toEqual(["s/SKILL.md"]);
    expect([form.get("scope"), form.get("team"), form.get("choices"), form.get("text")]).toEqual(["team", "t1", "[]", null]);
    const pasted = uploadForm({ mode: "paste", files: [file], folder: [], text: "---", destination: "personal" });
    expect([pasted.get("text"), pasted.get("file"), pasted.get("scope"), pasted.has("team")]).toEqual(["---", null, "personal", false]);
  });
});
