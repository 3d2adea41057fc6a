import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES } from "@/lib/skills/format/limits";
import type { UploadCommitResult } from "@/lib/types/uploads";
import { existing, invalidName, preview, skill } from "./upload-fixtures";
import { commitCheck, initialWizard, previewProblem, uploadWizard, wizardView, type WizardAction, type WizardState } from "./upload-wizard";

const file = (name: string, size = 10, lastModified = 1) => new File([new Uint8Array(size)], name, { lastModified });
const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(uploadWizard, state);
const sending = (what: "preview" | "commit") => ({ name: "sending", what, progress: { loaded: 0, total: 0, sent: false } });
const blockedError = { code: "blocked", message: "Blocked." };

const fine = skill("0:fine");
const evil = skill("0:evil", { gate: "blocked" });
const pdf = skill("0:PDF Tools", { name: "PDF Tools", ok: false, errorCount: 1, findings: [invalidName], folderName: "pdf-tools", root: "pdf-tools" });
const done: UploadCommitResult = { destination: { key: "personal", label: "Personal" }, skills: [], refused: [] } as unknown as UploadCommitResult;

/** A wizard showing `p`, reached the way the dialog gets there. */
function previewing(p = preview([fine, evil]), over: Partial<WizardState> = {}): WizardState {
  return run({ ...initialWizard("personal"), files: [file("up.zip")], ...over }, { type: "sendStarted", what: "preview" }, { type: "previewed", preview: p });
}

describe("picking the input", () => {
  const start = initialWizard("team:t1");

  it("starts on pick with nothing chosen, for the given destination", () => {
    expect(start).toMatchObject({ mode: "files", phase: { name: "pick" }, destination: "team:t1", files: [], preview: null, error: null });
  });

  it("adds files once each, and ignores an empty pick", () => {
    const a = file("a.zip");
    const next = run(start, { type: "addFiles", files: [a] }, { type: "addFiles", files: [file("a.zip"), file("b.zip")] });
    expect(next.files.map((f) => f.name)).toEqual(["a.zip", "b.zip"]);
    expect(uploadWizard(next, { type: "addFiles", files: [] })).toBe(next);
  });

  it("removes a file by index, and replaces or removes the folder", () => {
    const withFiles = run(start, { type: "addFiles", files: [file("a.zip"), file("b.zip")] }, { type: "removeFile", index: 0 });
    expect(withFiles.files.map((f) => f.name)).toEqual(["b.zip"]);
    const folder = [{ file: file("SKILL.md"), path: "s/SKILL.md" }];
    const withFolder = uploadWizard(start, { type: "folder", folder });
    expect(withFolder.folder).toBe(folder);
    expect(uploadWizard(withFolder, { type: "folder", folder: [] })).toBe(withFolder);
    expect(uploadWizard(withFolder, { type: "removeFolder" }).folder).toEqual([]);
  });

  it("drops the preview, error and field errors when the input changes, back on pick", () => {
    const shown = { ...previewing(), error: blockedError, showErrors: true };
    for (const action of [
      { type: "mode", mode: "paste" },
      { type: "addFiles", files: [file("c.zip")] },
      { type: "removeFile", index: 0 },
      { type: "removeFolder" },
    ] as WizardAction[]) {
      expect(uploadWizard(shown, action)).toMatchObject({ preview: null, error: null, showErrors: false, phase: { name: "pick" } });
    }
  });

  it("keeps a request under way when the input changes during it", () => {
    const busy = run(start, { type: "addFiles", files: [file("a.zip")] }, { type: "sendStarted", what: "preview" });
    expect(uploadWizard(busy, { type: "addFiles", files: [file("b.zip")] }).phase).toEqual(sending("preview"));
  });

  it("typing keeps the state unless there is a preview or an error to drop", () => {
    const typed = uploadWizard({ ...start, mode: "paste" }, { type: "text", text: "---" });
    expect(typed).toMatchObject({ text: "---", phase: { name: "pick" } });
    expect(uploadWizard({ ...typed, error: blockedError }, { type: "text", text: "--- x" })).toMatchObject({ text: "--- x", error: null });
  });

  it("a new destination clears the error and field errors but keeps the preview", () => {
    const shown = { ...previewing(), error: blockedError, showErrors: true };
    const moved = uploadWizard(shown, { type: "destination", destination: "public" });
    expect(moved).toMatchObject({ destination: "public", error: null, showErrors: false, phase: { name: "preview" } });
    expect(moved.preview).toBe(shown.preview);
  });
});

describe("sending", () => {
  const start = { ...initialWizard("personal"), error: blockedError };

  it("starts at 0% with no error, and follows the progress", () => {
    const started = uploadWizard(start, { type: "sendStarted", what: "preview" });
    expect(started).toMatchObject({ error: null, phase: sending("preview") });
    const progress = { loaded: 5, total: 10, sent: false };
    expect(uploadWizard(started, { type: "progress", what: "preview", progress }).phase).toEqual({ name: "sending", what: "preview", progress });
  });

  it("goes back to the step it was sent from when it fails, with the server's error", () => {
    const error = { code: "invalid", message: "No SKILL.md." };
    expect(run(start, { type: "sendStarted", what: "preview" }, { type: "sendFailed", what: "preview", error })).toMatchObject({
      phase: { name: "pick" },
      error,
    });
    expect(run(previewing(), { type: "sendStarted", what: "commit" }, { type: "sendFailed", what: "commit", error })).toMatchObject({
      phase: { name: "preview" },
      error,
    });
  });

  it("goes back without an error when cancelled", () => {
    expect(run(start, { type: "sendStarted", what: "preview" }, { type: "sendFailed", what: "preview", error: null })).toMatchObject({
      phase: { name: "pick" },
      error: null,
    });
  });

  it("shows the result when the import is done", () => {
    expect(run(previewing(), { type: "sendStarted", what: "commit" }, { type: "committed", result: done }).phase).toEqual({ name: "done", result: done });
  });
});

describe("the preview", () => {
  it("chooses every importable skill, leaving out what the scan blocks for a viewer who cannot override", () => {
    const state = previewing();
    expect(state).toMatchObject({ phase: { name: "preview" }, selected: { "0:fine": true, "0:evil": false }, showErrors: false, focusTarget: null });
    expect(state.decisions["0:fine"]).toEqual({ action: "version", message: "", name: "fine-2" });
  });

  it("a new preview keeps what the user left out, the folder names taken and the decisions made", () => {
    const p = preview([fine, pdf]);
    const chosen = run(
      previewing(p),
      { type: "chooseSkill", key: "0:fine", value: false },
      { type: "useFolderName", key: "0:PDF Tools", use: true },
      { type: "decision", key: "0:fine", decision: { action: "rename", message: "", name: "x" } },
    );
    const again = run(chosen, { type: "sendStarted", what: "preview" }, { type: "previewed", preview: p });
    expect(again.selected).toEqual({ "0:fine": false, "0:PDF Tools": true });
    expect(again.folderNamed).toEqual({ "0:PDF Tools": true });
    expect(again.decisions["0:fine"]).toEqual({ action: "rename", message: "", name: "x" });
  });

  it("ticking a skill takes it off the left-out list; unticking also undoes its folder name", () => {
    const p = preview([pdf]);
    const renamed = uploadWizard(previewing(p), { type: "useFolderName", key: "0:PDF Tools", use: true });
    expect(renamed).toMatchObject({ selected: { "0:PDF Tools": true }, folderNamed: { "0:PDF Tools": true } });
    const unticked = uploadWizard(renamed, { type: "chooseSkill", key: "0:PDF Tools", value: false });
    expect(unticked).toMatchObject({ selected: { "0:PDF Tools": false }, folderNamed: { "0:PDF Tools": false } });
    expect([...unticked.leftOut]).toEqual(["0:PDF Tools"]);
    expect([...uploadWizard(unticked, { type: "chooseSkill", key: "0:PDF Tools", value: true }).leftOut]).toEqual([]);
    const kept = uploadWizard(renamed, { type: "useFolderName", key: "0:PDF Tools", use: false });
    expect(kept).toMatchObject({ selected: { "0:PDF Tools": false }, folderNamed: { "0:PDF Tools": false } });
  });

  it("an override change clears a 'blocked' error and only that", () => {
    const override = { enabled: true, reason: "" };
    expect(uploadWizard({ ...previewing(), error: blockedError }, { type: "override", override })).toMatchObject({ override, error: null });
    const other = { code: "network", message: "Offline." };
    expect(uploadWizard({ ...previewing(), error: other }, { type: "override", override }).error).toBe(other);
  });

  it("'Change upload' drops the preview and goes back to pick, keeping the input", () => {
    const back = uploadWizard({ ...previewing(), error: blockedError }, { type: "changeUpload" });
    expect(back).toMatchObject({ preview: null, error: null, phase: { name: "pick" } });
    expect(back.files).toHaveLength(1);
  });

  it("a refusal sets the error, and field errors and focus only when given", () => {
    const state = previewing();
    const plain = uploadWizard(state, { type: "refused", error: blockedError });
    expect(plain).toMatchObject({ error: blockedError, showErrors: false, focusTarget: null });
    const focused = uploadWizard(plain, { type: "refused", error: blockedError, showErrors: true, focus: { id: "x" } });
    expect(focused).toMatchObject({ showErrors: true, focusTarget: { id: "x" } });
    expect(uploadWizard(focused, { type: "refused", error: blockedError }).focusTarget).toBe(focused.focusTarget);
  });
});

describe("closing and starting over", () => {
  it("keeps everything when closed while picking or previewing", () => {
    const state = previewing();
    expect(uploadWizard(state, { type: "closed" })).toBe(state);
  });

  it("a request cut off by closing returns to its step", () => {
    expect(run(previewing(), { type: "sendStarted", what: "commit" }, { type: "closed" }).phase).toEqual({ name: "preview" });
    const picking = run({ ...initialWizard("personal"), files: [file("a.zip")] }, { type: "sendStarted", what: "preview" }, { type: "closed" });
    expect(picking.phase).toEqual({ name: "pick" });
  });

  it("closing after a finished import starts over, keeping the destination and mode", () => {
    const finished = run(
      previewing(preview([fine]), { destination: "public", mode: "files" }),
      { type: "chooseSkill", key: "0:fine", value: false },
      { type: "committed", result: done },
    );
    const closed = uploadWizard(finished, { type: "closed" });
    expect(closed).toMatchObject({ phase: { name: "pick" }, destination: "public", files: [], preview: null, selected: {}, decisions: {} });
    expect(closed.leftOut.size).toBe(0);
    expect(uploadWizard(finished, { type: "reset" })).toEqual(closed);
  });
});

describe("wizardView", () => {
  it("sums the input once and knows whether there is any", () => {
    const state = { ...initialWizard("personal"), files: [file("a.zip", 100)], folder: [{ file: file("SKILL.md", 20), path: "s/SKILL.md" }] };
    expect(wizardView(state)).toMatchObject({ folderBytes: 20, inputBytes: 120, hasInput: true });
    expect(wizardView({ ...initialWizard("personal"), mode: "paste", text: "  " }).hasInput).toBe(false);
  });

  it("counts the importable skills, with one that took its folder's name", () => {
    const state = previewing(preview([fine, pdf]));
    expect(wizardView(state).importable).toBe(1);
    expect(wizardView(uploadWizard(state, { type: "useFolderName", key: "0:PDF Tools", use: true })).importable).toBe(2);
  });
});

describe("previewProblem", () => {
  it("asks for input first, per mode", () => {
    const files = initialWizard("personal");
    expect(previewProblem(files, wizardView(files))).toEqual({ code: "empty", message: "Choose or drop a file or a folder first." });
    const paste = { ...files, mode: "paste" as const };
    expect(previewProblem(paste, wizardView(paste))?.message).toBe("Paste the text of a SKILL.md first.");
  });

  it("refuses an upload over the limit before sending, and passes one that fits", () => {
    // only its size is read before sending
    const huge = Object.defineProperty(file("huge.zip"), "size", { value: MAX_UPLOAD_BYTES + 1 });
    const big = { ...initialWizard("personal"), files: [huge] };
    expect(previewProblem(big, wizardView(big))?.code).toBe("too_large");
    const small = { ...initialWizard("personal"), files: [file("a.zip")] };
    expect(previewProblem(small, wizardView(small))).toBeNull();
  });
});

describe("commitCheck", () => {
  it("needs a chosen skill", () => {
    const state = uploadWizard(previewing(preview([fine])), { type: "chooseSkill", key: "0:fine", value: false });
    expect(commitCheck(state, wizardView(state), "d")).toEqual({ ok: false, error: { code: "empty", message: "Choose at least one skill to import." } });
  });

  it("stops at the scan block, focusing the override for an admin and nothing for others", () => {
    const viewer = uploadWizard(previewing(), { type: "chooseSkill", key: "0:evil", value: true });
    expect(commitCheck(viewer, wizardView(viewer), "d")).toMatchObject({ ok: false, error: { code: "blocked" }, showErrors: true, focus: undefined });
    const admin = previewing(preview([fine, evil], { canOverrideScan: true }));
    expect(commitCheck(admin, wizardView(admin), "d")).toMatchObject({ ok: false, focus: { id: "d-scan-override" } });
    const writing = uploadWizard(admin, { type: "override", override: { enabled: true, reason: "short" } });
    expect(commitCheck(writing, wizardView(writing), "d")).toMatchObject({ ok: false, focus: { id: "d-scan-override-reason" } });
  });

  it("focuses the first field that needs attention", () => {
    const taken = previewing(preview([skill("0:alpha", { existing: { personal: existing(2) } })]));
    expect(commitCheck(taken, wizardView(taken), "d")).toMatchObject({
      ok: false,
      error: { code: "invalid" },
      showErrors: true,
      focus: { id: "upload-skill-0_alpha-message" },
    });
    const renaming = uploadWizard(taken, { type: "decision", key: "0:alpha", decision: { action: "rename", message: "", name: "alpha" } });
    expect(commitCheck(renaming, wizardView(renaming), "d")).toMatchObject({ focus: { id: "upload-skill-0_alpha-name" } });
  });

  it("answers the choices, with the override reason on the blocked skill", () => {
    const reason = "The flagged text is a documented test fixture.";
    const admin = uploadWizard(previewing(preview([fine, evil], { canOverrideScan: true })), { type: "override", override: { enabled: true, reason } });
    expect(commitCheck(admin, wizardView(admin), "d")).toEqual({
      ok: true,
      choices: [
        { key: "0:fine", action: "create", digest: "digest-0:fine" },
        { key: "0:evil", action: "create", digest: "digest-0:evil", overrideReason: reason },
      ],
    });
  });
});
