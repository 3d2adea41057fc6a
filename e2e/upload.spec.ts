import { existsSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, signInAs, test } from "./fixtures";
import { SHARED_DIR } from "./skill-helpers";
import { openUpload, readTree, SHOTS, shootBoth, skillMd, tabTo, zipOf } from "./upload-helpers";

// The upload modal, end to end: every kind of input, the server's preview before anything is
// stored, choices (which skills, where, what about a taken name), and refusals that keep the input.

const CORPUS = path.join(SHARED_DIR, "corpus", "anthropics-skills");
const noCorpus = !existsSync(CORPUS);
const NO_CORPUS = `${CORPUS} is not present (the shared skill corpus); the corpus uploads need it`;

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  await signInAs(page, "grace@example.com", { home: false });
});

test("a ZIP of a corpus skill: preview with files, tokens and findings, then import and open it", async ({ page, consoleErrors }) => {
  test.skip(noCorpus, NO_CORPUS);
  const files = readTree(path.join(CORPUS, "internal-comms"));
  const zip = zipOf(Object.fromEntries(Object.entries(files).map(([p, bytes]) => [`internal-comms/${p}`, bytes])));

  const dialog = await openUpload(page);
  await expect(dialog.getByText("Nothing chosen yet.")).toBeVisible();
  await dialog.getByLabel("Skill files").setInputFiles({ name: "internal-comms.zip", mimeType: "application/zip", buffer: zip });
  await expect(dialog.getByRole("list", { name: "Chosen for upload" })).toContainText("internal-comms.zip");
  await dialog.getByRole("button", { name: "Preview" }).click();

  await expect(dialog.getByRole("heading", { name: "Found 1 skill" })).toBeFocused();
  const skill = dialog.getByRole("listitem").filter({ has: page.getByRole("checkbox") });
  await expect(skill.getByText("internal-comms", { exact: true })).toBeVisible();
  await expect(skill).toContainText(`${Object.keys(files).length} files`);
  await expect(skill).toContainText(/catalog \+ .* body \+ .* files tokens/);
  await expect(dialog.getByRole("checkbox", { name: /internal-comms/ })).toBeChecked();
  await skill.getByText("Files", { exact: true }).click();
  for (const file of Object.keys(files)) await expect(skill.getByRole("cell", { name: file, exact: true })).toBeVisible();
  await shootBoth(page, "upload-preview");

  await dialog.getByRole("button", { name: "Import skill" }).click();
  await expect(dialog.getByRole("heading", { name: "Imported into Personal" })).toBeFocused();
  await shootBoth(page, "upload-done");
  await dialog.getByRole("link", { name: "internal-comms" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "internal-comms" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the progress bar follows the bytes really sent", async ({ page, consoleErrors }) => {
  const noise = new Uint8Array(600 * 1024).map(() => Math.floor(Math.random() * 256));
  const zip = zipOf({ "e2e-big/SKILL.md": skillMd("e2e-big"), "e2e-big/assets/noise.bin": noise });
  const dialog = await openUpload(page);
  await dialog.getByLabel("Skill files").setInputFiles({ name: "e2e-big.zip", mimeType: "application/zip", buffer: zip });
  // A slow uplink (about 200 KB/s), so the upload takes seconds and the bar can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 200 * 1024 });
  await dialog.getByRole("button", { name: "Preview" }).click();
  const bar = dialog.getByRole("progressbar", { name: "Upload progress" });
  await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(5);
  const midway = Number(await bar.getAttribute("aria-valuenow"));
  expect(midway).toBeLessThan(100);
  await page.screenshot({ path: `${SHOTS}/upload-progress.png` });
  await expect(dialog.getByRole("heading", { name: "Found 1 skill" })).toBeVisible({ timeout: 20_000 });
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(dialog.getByRole("listitem").filter({ has: page.getByRole("checkbox", { name: /e2e-big/ }) })).toContainText("2 files");
  expect(consoleErrors).toEqual([]);
});

test("a whole folder through the directory picker, into the team", async ({ page, consoleErrors }) => {
  test.skip(noCorpus, NO_CORPUS);
  const dialog = await openUpload(page);
  await dialog.getByLabel("Skill folder").setInputFiles(path.join(CORPUS, "brand-guidelines"));
  await expect(dialog.getByRole("list", { name: "Chosen for upload" })).toContainText("brand-guidelines/");
  await dialog.getByLabel("Destination").selectOption({ label: "Team Platform" });
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("heading", { name: "Found 1 skill" })).toBeVisible();
  await expect(dialog.getByText("brand-guidelines", { exact: true }).first()).toBeVisible();
  await expect(dialog.getByText("1 of 1 chosen → Team Platform")).toBeVisible();
  await dialog.getByRole("button", { name: "Import skill" }).click();
  await expect(dialog.getByRole("heading", { name: "Imported into Team Platform" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "brand-guidelines" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("a two-skill archive: import only the one chosen", async ({ page, consoleErrors }) => {
  const zip = zipOf({ "e2e-alpha/SKILL.md": skillMd("e2e-alpha"), "e2e-beta/SKILL.md": skillMd("e2e-beta"), "e2e-beta/notes.md": "# Notes\n" });
  const dialog = await openUpload(page);
  await dialog.getByLabel("Skill files").setInputFiles({ name: "collection.zip", mimeType: "application/zip", buffer: zip });
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("heading", { name: "Found 2 skills" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Import 2 skills" })).toBeVisible();
  await dialog.getByRole("checkbox", { name: /e2e-beta/ }).uncheck();
  await expect(dialog.getByText("1 of 2 chosen → Personal")).toBeVisible();
  await dialog.getByRole("button", { name: "Import skill" }).click();
  await expect(dialog.getByRole("heading", { name: "Imported into Personal" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "e2e-alpha" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "e2e-beta" })).toHaveCount(0);

  await dialog.getByRole("button", { name: "Done" }).click();
  await page.goto("/skills?scope=personal&q=e2e-beta");
  // exact: other specs' skills may share the prefix
  await expect(page.getByRole("link", { name: "e2e-beta", exact: true })).toHaveCount(0);
  await page.goto("/skills?scope=personal&q=e2e-alpha");
  await expect(page.getByRole("link", { name: "e2e-alpha" }).first()).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("pasted SKILL.md: an invalid one is explained and kept for fixing, then imported", async ({ page, consoleErrors }) => {
  const dialog = await openUpload(page);
  await dialog.getByRole("tab", { name: "Paste SKILL.md" }).click();
  const broken = "---\nname: e2e-pasted\n---\n\n# No description\n";
  await dialog.getByRole("textbox", { name: "SKILL.md" }).fill(broken);
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("heading", { name: "Found 1 skill, 0 importable" })).toBeVisible();
  await expect(dialog.getByText(/description/i).first()).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: /e2e-pasted/ })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Import skill" })).toBeDisabled();

  await dialog.getByRole("button", { name: "Change upload" }).click();
  await expect(dialog.getByRole("textbox", { name: "SKILL.md" })).toHaveValue(broken);
  await dialog.getByRole("textbox", { name: "SKILL.md" }).fill(skillMd("e2e-pasted", "Version one."));
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("heading", { name: "Found 1 skill" })).toBeVisible();
  await dialog.getByRole("button", { name: "Import skill" }).click();
  await expect(dialog.getByRole("heading", { name: "Imported into Personal" })).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ hasText: "e2e-pasted" })).toContainText("v1 · created");
  expect(consoleErrors).toEqual([]);
});

test("a name already taken: nothing is overwritten; saved as a new version with a message", async ({ page, consoleErrors }) => {
  const dialog = await openUpload(page);
  await dialog.getByRole("tab", { name: "Paste SKILL.md" }).click();
  await dialog.getByRole("textbox", { name: "SKILL.md" }).fill(skillMd("e2e-pasted", "Version two, with more steps."));
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText("Personal already has a skill named “e2e-pasted”")).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "Save as a new version of it (v2)" })).toBeChecked();

  // The message is required; the attempt is refused in place, with nothing lost.
  await dialog.getByRole("button", { name: "Import skill" }).click();
  await expect(dialog.getByText("Say what changed in this version.")).toBeVisible();
  await expect(dialog.getByLabel("Version message")).toBeFocused();
  await shootBoth(page, "upload-name-clash");

  // Renaming is offered too, with the name checked as it is typed.
  await dialog.getByRole("radio", { name: "Import it as a new skill under another name" }).check();
  await dialog.getByLabel("New name").fill("E2E Pasted");
  await expect(dialog.getByText("Use lowercase letters.")).toBeVisible();
  await dialog.getByRole("radio", { name: /Save as a new version/ }).check();

  await dialog.getByLabel("Version message").fill("More steps");
  await dialog.getByRole("button", { name: "Import skill" }).click();
  await expect(dialog.getByRole("heading", { name: "Imported into Personal" })).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ hasText: "e2e-pasted" })).toContainText("v2 · new version");
  expect(consoleErrors).toEqual([]);
});

test("a hostile archive (path traversal) is refused with the entry named, and nothing is imported", async ({ page, consoleErrors }) => {
  const zip = zipOf({ "e2e-evil/SKILL.md": skillMd("e2e-evil"), "../escape.txt": "pwned\n" });
  const dialog = await openUpload(page);
  await dialog.getByLabel("Skill files").setInputFiles({ name: "evil.zip", mimeType: "application/zip", buffer: zip });
  await dialog.getByRole("button", { name: "Preview" }).click();
  const source = dialog.getByRole("listitem").filter({ hasText: "evil.zip" });
  await expect(source.getByText("refused")).toBeVisible();
  await expect(source).toContainText("../escape.txt");
  await expect(dialog.getByRole("checkbox", { name: /e2e-evil/ })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Import skill" })).toBeDisabled();
  await shootBoth(page, "upload-hostile");

  // A file that is no skill at all says so.
  await dialog.getByRole("button", { name: "Change upload" }).click();
  await dialog.getByRole("button", { name: "Remove evil.zip" }).click();
  await dialog.getByLabel("Skill files").setInputFiles({ name: "photo.zip", mimeType: "application/zip", buffer: Buffer.from("\x89PNG\r\n\x1a\n not a zip") });
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("heading", { name: "No skill found" })).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ hasText: "photo.zip" }).first()).toContainText(/not|no skill/i);
  expect(consoleErrors).toEqual([]);
});

test("keyboard only: open, paste, preview, import, close", async ({ page, consoleErrors }) => {
  await page.goto("/skills");
  const trigger = page.getByRole("button", { name: "Upload skills" }).first();
  await tabTo(page, trigger, 40);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Upload skills" });
  await expect(dialog).toBeVisible();

  const pasteTab = dialog.getByRole("tab", { name: "Paste SKILL.md" });
  await tabTo(page, dialog.getByRole("tab", { name: "Files or folder" }));
  await page.keyboard.press("ArrowRight");
  await expect(pasteTab).toBeFocused();
  await expect(pasteTab).toHaveAttribute("aria-selected", "true");
  await tabTo(page, dialog.getByRole("textbox", { name: "SKILL.md" }));
  await page.keyboard.type(skillMd("e2e-keyboard"));
  await tabTo(page, dialog.getByLabel("Destination"));
  await tabTo(page, dialog.getByRole("button", { name: "Preview" }));
  await page.keyboard.press("Enter");

  await expect(dialog.getByRole("heading", { name: "Found 1 skill" })).toBeFocused();
  await tabTo(page, dialog.getByRole("button", { name: "Import skill" }));
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("heading", { name: "Imported into Personal" })).toBeFocused();
  await tabTo(page, dialog.getByRole("link", { name: "e2e-keyboard" }));
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  expect(consoleErrors).toEqual([]);
});

test("the dialog refuses what it can judge before sending, and says each problem once", async ({ page, consoleErrors }) => {
  // 30 MB handed over as a buffer crosses the browser protocol (base64) and took most of a minute
  // on a busy machine; a file on disk is passed by path. Sparse: written in no time, all zeros.
  const huge = test.info().outputPath("huge.zip");
  writeFileSync(huge, "");
  truncateSync(huge, 30 * 1024 * 1024);
  const dialog = await openUpload(page);
  // nothing chosen yet: nothing to preview
  await expect(dialog.getByRole("button", { name: "Preview" })).toBeDisabled();

  // 30 MB is over the limit, and its size is known before a byte is sent
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/upload/")) requests.push(request.url());
  });
  await dialog.getByLabel("Skill files").setInputFiles(huge);
  await expect(dialog.getByRole("listitem").filter({ hasText: "huge.zip" })).toContainText("30.0 MB");
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The upload is 30.0 MB; the limit is 26.0 MB");
  expect(requests).toEqual([]);
  await dialog.getByRole("button", { name: "Remove huge.zip" }).click();

  // an archive without a SKILL.md: the reason shows once, not as a message and again as a finding
  await dialog.getByLabel("Skill files").setInputFiles({ name: "notes.zip", mimeType: "application/zip", buffer: zipOf({ "notes/readme.md": "# Notes\n" }) });
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByText('"notes.zip" is not a skill: it holds no SKILL.md')).toHaveCount(1);
  await expect(dialog.getByText(/no SKILL\.md found/)).toHaveCount(0);
  await shootBoth(page, "upload-no-skill-md");

  // a random file named .zip: one verdict, not the verdict and the parser's error
  await dialog.getByRole("button", { name: "Change upload" }).click();
  await dialog.getByRole("button", { name: "Remove notes.zip" }).click();
  await dialog
    .getByLabel("Skill files")
    .setInputFiles({ name: "random.zip", mimeType: "application/zip", buffer: Buffer.from("just some text, not an archive at all\n".repeat(4)) });
  await dialog.getByRole("button", { name: "Preview" }).click();
  const source = dialog.getByRole("listitem").filter({ hasText: "random.zip" }).first();
  await expect(source).toContainText('"random.zip" is not');
  // the verdict stands alone: no finding under it repeats the refusal
  await expect(source.getByLabel("Error")).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
