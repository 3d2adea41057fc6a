import { describe, expect, it, vi } from "vitest";
import { readBodyLimited, readStreamLimited } from "./body";
import { HttpError } from "./errors";
import { ifNoneMatchHits } from "./etag";
import { MAX_FORM_PARTS, parseUploadForm, readUploadRequest } from "./upload-form";

function streamOf(chunks: Uint8Array[], onCancel?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
    cancel: onCancel,
  });
}

async function httpError(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("size-limited body reading", () => {
  it("refuses a declared Content-Length over the limit before reading anything", async () => {
    let pulled = false;
    const body = new ReadableStream(
      {
        pull() {
          pulled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://x/", { method: "POST", body, headers: { "content-length": "2000" }, duplex: "half" } as RequestInit);
    const error = await httpError(readBodyLimited(request, 1000));
    expect(error.status).toBe(413);
    expect(error.message).toBe("The upload is 2.0 KB; the limit is 1,000 bytes.");
    expect(pulled).toBe(false);
  });

  it("counts bytes as they arrive, so a missing or lying length cannot get past the limit", async () => {
    let cancelled = false;
    const chunks = Array.from({ length: 20 }, () => new Uint8Array(100));
    const error = await httpError(
      readStreamLimited(
        streamOf(chunks, () => (cancelled = true)),
        1000,
      ),
    );
    expect(error.status).toBe(413);
    expect(cancelled).toBe(true);
    const lying = new Request("http://x/", { method: "POST", body: streamOf(chunks), headers: { "content-length": "10" }, duplex: "half" } as RequestInit);
    expect((await httpError(readBodyLimited(lying, 1000))).status).toBe(413);
  });

  it("returns the whole body when it fits", async () => {
    const bytes = await readStreamLimited(streamOf([new Uint8Array([1, 2]), new Uint8Array([3])]), 3);
    expect([...bytes]).toEqual([1, 2, 3]);
    expect((await readStreamLimited(null, 10)).length).toBe(0);
  });
});

describe("If-None-Match", () => {
  it("matches the tag, weak or strong, in a list, or *", () => {
    const etag = '"abc"';
    expect(ifNoneMatchHits('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits("*", etag)).toBe(true);
    expect(ifNoneMatchHits('"abcd"', etag)).toBe(false);
    expect(ifNoneMatchHits(null, etag)).toBe(false);
  });
});

describe("upload forms", () => {
  const enc = new TextEncoder();
  it("turns files, a folder with paths, and pasted text into sources, and validates the fields", async () => {
    const form = new FormData();
    form.append("file", new File([enc.encode("PK")], "dir/skill.zip"));
    form.append("files", new File([enc.encode("a")], "SKILL.md"));
    form.append("paths", "my-skill/SKILL.md");
    form.append("files", new File([enc.encode("b")], "x.md"));
    form.append("paths", "my-skill/refs/x.md");
    form.append("text", "---\nname: t\n---\n");
    form.append("scope", "team");
    form.append("team", "Platform");
    form.append("dryRun", "true");
    form.append("choices", JSON.stringify([{ key: "0:", action: "version", message: "m" }]));
    const { sources, fields } = await parseUploadForm(form);
    expect(sources.map((s) => [s.type, s.name])).toEqual([
      ["file", "skill.zip"],
      ["folder", "my-skill"],
      ["text", "pasted SKILL.md"],
    ]);
    expect(sources[1].type === "folder" && sources[1].files.map((f) => f.path)).toEqual(["my-skill/SKILL.md", "my-skill/refs/x.md"]);
    expect(fields).toEqual({
      scope: "team",
      team: "Platform",
      message: undefined,
      dryRun: true,
      atomic: false,
      profile: "spec",
      choices: [{ key: "0:", action: "version", message: "m" }],
    });
  });

  it("answers 400 with the reason for bad fields, and 415 for a body that is not multipart", async () => {
    const bad = async (entries: [string, string | File][]) => {
      const form = new FormData();
      for (const [k, v] of entries) form.append(k, v);
      return httpError(parseUploadForm(form));
    };
    expect((await bad([["scope", "personal"]])).message).toMatch(/Nothing to read/);
    expect(
      (
        await bad([
          ["text", "x"],
          ["scope", "galaxy"],
        ])
      ).message,
    ).toMatch(/scope must be personal, team or public/);
    expect(
      (
        await bad([
          ["text", "x"],
          ["scope", "team"],
        ])
      ).message,
    ).toMatch(/name the team/);
    expect(
      (
        await bad([
          ["text", "x"],
          ["choices", "{nope"],
        ])
      ).message,
    ).toMatch(/choices must be JSON/);
    expect(
      (
        await bad([
          ["text", "x"],
          ["choices", JSON.stringify([{ key: "0:", action: "version" }])],
        ])
      ).status,
    ).toBe(400);
    expect((await bad([["file", "not a file"]])).message).toMatch(/file part/);
    expect(
      (
        await bad([
          ["files", new File(["a"], "a")],
          ["files", new File(["b"], "b")],
          ["paths", "x/a"],
        ])
      ).message,
    ).toMatch(/2 files but 1 paths/);

    const json = new Request("http://x/", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect((await httpError(readUploadRequest(json))).status).toBe(415);
  });
});

describe("multipart part limit", () => {
  const boundary = "----skillshelf-test";
  const formRequest = (parts: number) => {
    const part = (i: number) => `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="f${i}"\r\n\r\nx\r\n`;
    const body = `${Array.from({ length: parts }, (_, i) => part(i)).join("")}--${boundary}\r\nContent-Disposition: form-data; name="scope"\r\n\r\npersonal\r\n--${boundary}--\r\n`;
    return new Request("http://x/", { method: "POST", body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } });
  };

  it("refuses 150,000 tiny parts with 413 naming the limit, without parsing them", async () => {
    const parse = vi.spyOn(Response.prototype, "formData");
    try {
      const error = await httpError(readUploadRequest(formRequest(150_000)));
      expect(error.status).toBe(413);
      expect(error.message).toBe(
        `The form has more than ${MAX_FORM_PARTS.toLocaleString("en-US")} parts; the limit is ${MAX_FORM_PARTS.toLocaleString("en-US")}. Send a folder of at most 3,000 files, or one archive.`,
      );
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it("reads a form right at the limit", async () => {
    const { sources } = await readUploadRequest(formRequest(MAX_FORM_PARTS - 1));
    expect(sources).toHaveLength(1);
    expect(sources[0].type === "folder" && sources[0].files.length).toBe(MAX_FORM_PARTS - 1);
  });
});
