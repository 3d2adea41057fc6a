import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MAX_ATTACHMENT_BYTES } from "@/lib/playground/inputs";
import type { PlaygroundMessage } from "@/lib/types/playground";
import { admitFiles, attachmentsOf, dataUrlBytes, uploadsOf } from "./attachments";
import { formatDuration, RunCard, type RunPart } from "./run-card";
import { fileKind, RunFiles } from "./run-files";

// The chat's side of skill_run: what the composer admits and sends, and how a run is shown.

const result = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    stdout: "rows: 3\n",
    stderr: "",
    exit_code: 0,
    timed_out: false,
    duration_ms: 1234,
    output_files: [
      { name: "out/findings.md", mime_type: "text/markdown", size_bytes: 120 },
      { name: "out/chart.svg", mime_type: "image/svg+xml", size_bytes: 900 },
    ],
    ...over,
  });
const part = (over: Partial<RunPart> = {}): RunPart => ({
  toolCallId: "call-1",
  state: "output-available",
  input: { skill: "csv-insights", command: "python3 scripts/profile_csv.py inputs/sales.csv" },
  output: result(),
  ...over,
});
const file = (path: string, mediaType: string) => ({ id: path, path, size: 10, mediaType, url: `/api/playground/files/${encodeURIComponent(path)}` });
const html = (p: RunPart, files?: { toolCallId: string; files: ReturnType<typeof file>[]; skipped: string[] }, streaming = false) =>
  renderToStaticMarkup(createElement(RunCard, { part: p, files, streaming }));

describe("RunCard", () => {
  it("shows the command, exit code and duration", () => {
    const out = html(part());
    expect(out).toContain("python3 scripts/profile_csv.py inputs/sales.csv");
    expect(out).toContain("exit 0");
    expect(out).toContain("1.2 s");
  });

  it("opens stderr on a failure and marks a timeout", () => {
    const failed = html(part({ output: result({ exit_code: 2, stderr: "No such file: inputs/missing.csv\n", output_files: [] }) }));
    expect(failed).toContain("exit 2");
    expect(failed).toMatch(/<details[^>]*open=""[^>]*data-testid="run-stderr"/);
    expect(failed).toContain("No such file: inputs/missing.csv");
    expect(html(part({ output: result({ exit_code: null, timed_out: true }) }))).toContain("timed out");
  });

  it("shows a refused call as a failed card with the error", () => {
    const out = html(part({ state: "output-error", output: undefined, errorText: "An instance admin turned script execution off." }));
    expect(out).toContain("did not run");
    expect(out).toContain("An instance admin turned script execution off.");
  });
});

describe("RunFiles", () => {
  const listed = JSON.parse(result()).output_files;
  const files = (stored?: { toolCallId: string; files: ReturnType<typeof file>[]; skipped: string[] }, pending = false) =>
    renderToStaticMarkup(createElement(RunFiles, { listed, stored, pending }));

  it("shows each stored file; an SVG is an <img> of the file route, its markup never in the page", () => {
    const out = files({ toolCallId: "call-1", files: [file("out/findings.md", "text/markdown"), file("out/chart.svg", "image/svg+xml")], skipped: [] });
    expect(out).toContain('<img src="/api/playground/files/out%2Fchart.svg"');
    expect(out).toContain("out/findings.md");
    expect(out).toContain('href="/api/playground/files/out%2Ffindings.md"');
  });

  it("says the files are being saved until the run-files part arrives, and not kept after", () => {
    expect(files(undefined, true)).toContain("saving…");
    expect(files({ toolCallId: "call-1", files: [], skipped: ["out/chart.svg"] })).toContain("not kept");
  });
});

describe("run files and durations", () => {
  it("previews images, CSV and text, and downloads the rest", () => {
    expect(fileKind(file("out/chart.svg", "image/svg+xml"))).toBe("image");
    expect(fileKind(file("out/data.csv", "text/csv"))).toBe("csv");
    expect(fileKind(file("out/data.csv", "text/plain"))).toBe("csv");
    expect(fileKind(file("out/report.py", "text/x-python"))).toBe("text");
    expect(fileKind(file("out/archive.zip", "application/zip"))).toBe("binary");
  });

  it("formats durations for people", () => {
    expect(formatDuration(850)).toBe("850 ms");
    expect(formatDuration(12_400)).toBe("12 s");
    expect(formatDuration(125_000)).toBe("2 min 5 s");
  });
});

describe("attachments", () => {
  it("admits at most four well-named files of at most 2 MB, each name once, and says why it refuses the others", () => {
    const { accepted, problems } = admitFiles(
      [{ name: "a.csv" }],
      [
        { name: "a.csv", size: 1 },
        { name: "big.bin", size: MAX_ATTACHMENT_BYTES + 1 },
        { name: "..", size: 1 },
        { name: "b.csv", size: 1 },
        { name: "c.csv", size: 1 },
        { name: "d.csv", size: 1 },
        { name: "e.csv", size: 1 },
      ],
    );
    expect(accepted.map((f) => f.name)).toEqual(["b.csv", "c.csv", "d.csv"]);
    expect(problems).toEqual([
      '"a.csv" is already attached (scripts see one inputs/a.csv).',
      '"big.bin" is too large (2.0 MB); each file may be at most 2 MB.',
      '".." cannot be called "..".',
      '"e.csv" was left out: attach at most 4 files to one message.',
    ]);
  });

  it("sends a message's file parts as base64 uploads, and shows stored or local attachments as chips", () => {
    const message: PlaygroundMessage = {
      id: "m1",
      role: "user",
      parts: [
        { type: "file", filename: "sales.csv", mediaType: "text/csv", url: "data:text/csv;base64,YSxiCjEsMgo=" },
        { type: "text", text: "Profile it" },
      ],
    };
    expect(uploadsOf(message)).toEqual([{ name: "sales.csv", mediaType: "text/csv", data: "YSxiCjEsMgo=" }]);
    expect(dataUrlBytes("data:text/csv;base64,YSxiCjEsMgo=")).toBe(8);
    expect(attachmentsOf(message)).toEqual([{ name: "sales.csv", size: 8 }]);
    const stored: PlaygroundMessage = { id: "m2", role: "user", parts: [{ type: "data-attachment", data: file("sales.csv", "text/csv") }] };
    expect(attachmentsOf(stored)).toEqual([{ name: "sales.csv", size: 10, url: "/api/playground/files/sales.csv" }]);
  });
});
