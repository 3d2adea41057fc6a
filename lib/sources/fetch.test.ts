import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createGitRepo, serveGitHttp, serveHangingHttp, type TestGitRepo, type TestHttpServer } from "@/lib/test/git-repos";
import { fetchSource } from "./fetch";
import { DEFAULT_FETCH_LIMITS, SourceFetchError, type FetchedSource, type SourceSpec } from "./types";

// fetchSource against real repositories made here: a bare repository over file:// and over HTTP
// (git http-backend on 127.0.0.1), with commits that add, change and delete skills.

const skillMd = (name: string, body = "Does things.") => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n${body}\n`;
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** folder path → { file path → text (+x marks an executable) }, for comparing whole results at a glance. */
function contents(source: FetchedSource): Record<string, Record<string, string>> {
  return Object.fromEntries(
    source.folders.map((folder) => [folder.path, Object.fromEntries(folder.files.map((f) => [f.path + (f.executable ? " +x" : ""), text(f.bytes)]))]),
  );
}

const git = (url: string, ref: string | null = null, subdir: string | null = null, token: string | null = null): SourceSpec => ({
  kind: "git",
  url,
  ref,
  subdir,
  token,
});

async function fetchError(spec: SourceSpec, limits = DEFAULT_FETCH_LIMITS, options: { allowLocal?: boolean } = {}): Promise<SourceFetchError> {
  const error = await fetchSource(spec, limits, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceFetchError);
  return error as SourceFetchError;
}

describe("a repository over file:// and HTTP", () => {
  let repo: TestGitRepo;
  let http: TestHttpServer;
  beforeAll(async () => {
    repo = await createGitRepo();
    http = await serveGitHttp(repo.bareDir);
  });
  afterAll(async () => {
    await http.close();
    await repo.remove();
  });

  test("adds, changes and deletes skills across commits, with execute bits, over both transports", async () => {
    const first = await repo.commit(
      {
        "README.md": "# Our skills\n",
        "skills/pdf/SKILL.md": skillMd("pdf"),
        "skills/pdf/scripts/fill.py": "print('fill')\n",
        "skills/csv/SKILL.md": skillMd("csv"),
        "tools/build.sh": "make\n",
      },
      "Two skills",
      { executable: ["skills/pdf/scripts/fill.py"] },
    );
    for (const url of [repo.fileUrl, http.url]) {
      const fetched = await fetchSource(git(url));
      expect(fetched.revision).toBe(first);
      expect(fetched.skipped).toEqual([]);
      expect(contents(fetched)).toEqual({
        "skills/csv": { "SKILL.md": skillMd("csv") },
        "skills/pdf": { "SKILL.md": skillMd("pdf"), "scripts/fill.py +x": "print('fill')\n" },
      });
    }

    const second = await repo.commit(
      { "skills/pdf/SKILL.md": skillMd("pdf", "Fills forms."), "skills/csv": null, "skills/docx/SKILL.md": skillMd("docx") },
      "Change pdf, drop csv, add docx",
    );
    for (const url of [repo.fileUrl, http.url]) {
      const fetched = await fetchSource(git(url));
      expect(fetched.revision).toBe(second);
      expect(contents(fetched)).toEqual({
        "skills/docx": { "SKILL.md": skillMd("docx") },
        "skills/pdf": { "SKILL.md": skillMd("pdf", "Fills forms."), "scripts/fill.py +x": "print('fill')\n" },
      });
    }
  });

  test("a force-push: the rewritten commit is what is fetched", async () => {
    const before = await repo.commit({ "skills/pdf/SKILL.md": skillMd("pdf", "Version A.") }, "A");
    const after = await repo.forcePush({ "skills/pdf/SKILL.md": skillMd("pdf", "Version B.") }, "B instead of A");
    expect(after).not.toBe(before);
    const fetched = await fetchSource(git(http.url, "main"));
    expect(fetched.revision).toBe(after);
    expect(text(fetched.folders.find((f) => f.path === "skills/pdf")!.files.find((f) => f.path === "SKILL.md")!.bytes)).toContain("Version B.");
  });

  test("a branch, a lightweight tag, an annotated tag and a full sha each fetch their own commit", async () => {
    const onMain = await repo.commit({ "skills/tagged/SKILL.md": skillMd("tagged", "On main.") }, "On main");
    await repo.tag("v1");
    await repo.tag("v1-annotated", "Release 1");
    await repo.checkout("feature");
    const onFeature = await repo.commit({ "skills/tagged/SKILL.md": skillMd("tagged", "On feature.") }, "On feature");
    await repo.checkout("main");
    const later = await repo.commit({ "skills/tagged/SKILL.md": skillMd("tagged", "Later on main.") }, "Later");

    const body = (source: FetchedSource) => text(source.folders.find((f) => f.path === "skills/tagged")!.files[0].bytes);
    const cases: [string | null, string, string][] = [
      [null, later, "Later on main."],
      ["main", later, "Later on main."],
      ["feature", onFeature, "On feature."],
      ["refs/heads/feature", onFeature, "On feature."],
      ["v1", onMain, "On main."],
      ["v1-annotated", onMain, "On main."],
      [onMain, onMain, "On main."],
    ];
    for (const [ref, commit, expected] of cases) {
      const fetched = await fetchSource(git(repo.fileUrl, ref));
      expect({ ref, revision: fetched.revision, body: body(fetched) }).toEqual({ ref, revision: commit, body: skillMd("tagged", expected) });
    }
  });

  test("unknown refs and shas are ref-not-found, naming what was asked for", async () => {
    const branch = await fetchError(git(http.url, "no-such-branch"));
    expect(branch.code).toBe("ref-not-found");
    expect(branch.message).toContain('No branch or tag named "no-such-branch"');
    const sha = await fetchError(git(http.url, "0123456789abcdef0123456789abcdef01234567"));
    expect(sha.code).toBe("ref-not-found");
    expect(sha.message).toContain("the server does not allow fetching a commit by its sha");
    const short = await fetchError(git(http.url, "abc1234"));
    expect(short.message).toContain('No branch or tag named "abc1234" in http://127.0.0.1:');
    expect(short.message).toContain("a commit must be given by its full 40-character sha");
    // Refs that would be read as options or refspecs never reach git.
    for (const bad of ["-upload-pack=touch x", "+main", "main:refs/heads/x", "a..b", "@{-1}", "main.lock"]) {
      expect(await fetchError(git(repo.fileUrl, bad))).toEqual(
        new SourceFetchError("ref-not-found", `"${bad}" is not a branch, tag or full 40-character commit sha`),
      );
    }
  });
});

describe("where skills are looked for", () => {
  let repo: TestGitRepo;
  beforeAll(async () => {
    repo = await createGitRepo();
    await repo.commit(
      {
        "README.md": "# Skills\n",
        "skills/pdf/SKILL.md": skillMd("pdf"),
        "skills/team/outer/SKILL.md": skillMd("outer"),
        "skills/team/outer/examples/inner/SKILL.md": skillMd("inner"),
        "skills/team/outer/examples/inner/notes.md": "An example skill, part of outer.\n",
        "other/loose/SKILL.md": skillMd("loose"),
      },
      "Skills",
    );
  });
  afterAll(() => repo.remove());

  test("a SKILL.md inside a skill folder is that skill's file, not a skill of its own", async () => {
    const fetched = await fetchSource(git(repo.fileUrl));
    expect(fetched.folders.map((f) => f.path)).toEqual(["other/loose", "skills/pdf", "skills/team/outer"]);
    expect(fetched.folders[2].files.map((f) => f.path)).toEqual(["SKILL.md", "examples/inner/SKILL.md", "examples/inner/notes.md"]);
  });

  test("a sub-folder limits the search; paths stay relative to the repository root", async () => {
    for (const subdir of ["skills", "/skills/", "skills/"]) {
      const fetched = await fetchSource(git(repo.fileUrl, null, subdir));
      expect(fetched.folders.map((f) => f.path)).toEqual(["skills/pdf", "skills/team/outer"]);
    }
    const itself = await fetchSource(git(repo.fileUrl, null, "skills/pdf"));
    expect(contents(itself)).toEqual({ "skills/pdf": { "SKILL.md": skillMd("pdf") } });
  });

  test("a missing sub-folder, a file given as one, or a path climbing out is subdir-not-found", async () => {
    const missing = await fetchError(git(repo.fileUrl, "main", "nope"));
    expect([missing.code, missing.message]).toEqual([
      "subdir-not-found",
      expect.stringMatching(/^The repository has no folder "nope" at commit [0-9a-f]{12}$/),
    ]);
    expect((await fetchError(git(repo.fileUrl, "main", "README.md"))).code).toBe("subdir-not-found");
    const climbing = await fetchError(git(repo.fileUrl, "main", "skills/../.."));
    expect([climbing.code, climbing.message]).toEqual(["subdir-not-found", expect.stringContaining('no "..", "." or empty parts')]);
  });

  test("a SKILL.md at the root makes the whole repository one skill", async () => {
    const single = await createGitRepo();
    try {
      await single.commit({ "SKILL.md": skillMd("whole"), "scripts/run.sh": "echo\n", "nested/SKILL.md": skillMd("nested") }, "One skill", {
        executable: ["scripts/run.sh"],
      });
      const fetched = await fetchSource(git(single.fileUrl));
      expect(contents(fetched)).toEqual({ "": { "SKILL.md": skillMd("whole"), "nested/SKILL.md": skillMd("nested"), "scripts/run.sh +x": "echo\n" } });
    } finally {
      await single.remove();
    }
  });

  test("a bare repository whose HEAD names an unpushed branch lists the branches it has and suggests one", async () => {
    const bare = await createGitRepo();
    try {
      await bare.commit({ "SKILL.md": skillMd("whole") }, "One skill");
      await bare.checkout("feature");
      await bare.commit({ "notes.md": "x\n" }, "Feature");
      // `git init --bare` on an older git: HEAD → master, while only main (and feature) were pushed
      await bare.git("--git-dir", bare.bareDir, "symbolic-ref", "HEAD", "refs/heads/master");
      const error = await fetchError(git(bare.fileUrl));
      expect(error.code).toBe("ref-not-found");
      expect(error.message).toContain(
        'has no default branch (its HEAD names a branch that does not exist), but it has branches "feature", "main": set the branch to "main"',
      );
      expect(error.message).not.toContain("is the repository empty");
    } finally {
      await bare.remove();
    }
  });

  test("an empty repository has no default branch to fetch", async () => {
    const empty = await createGitRepo();
    try {
      const error = await fetchError(git(empty.fileUrl));
      expect([error.code, error.message]).toEqual(["ref-not-found", expect.stringContaining("has no default branch (is the repository empty?)")]);
    } finally {
      await empty.remove();
    }
  });
});

describe("a private repository over HTTP", () => {
  const token = "glpat-Secret_Token-123";
  let repo: TestGitRepo;
  let http: TestHttpServer;
  let sha: string;
  beforeAll(async () => {
    repo = await createGitRepo();
    sha = await repo.commit({ "skills/pdf/SKILL.md": skillMd("pdf") }, "pdf");
    http = await serveGitHttp(repo.bareDir, { token });
  });
  afterAll(async () => {
    await http.close();
    await repo.remove();
  });

  // The test server speaks plain http on loopback, which only SOURCES_ALLOW_LOCAL (allowLocal) lets take a token.
  const local = { allowLocal: true };

  test("the right token fetches", async () => {
    const fetched = await fetchSource(git(http.url, "main", null, token), DEFAULT_FETCH_LIMITS, local);
    expect(fetched.revision).toBe(sha);
    expect(fetched.folders.map((f) => f.path)).toEqual(["skills/pdf"]);
  });

  test("a wrong token or none is auth, and no message holds the token or the URL's user", async () => {
    const wrong = `${token}-revoked`;
    const refused = await fetchError(git(http.url, "main", null, wrong), DEFAULT_FETCH_LIMITS, local);
    expect(refused.code).toBe("auth");
    expect(refused.message).toContain("The server refused the token");
    for (const secret of [wrong, token, Buffer.from(`x-access-token:${wrong}`).toString("base64")]) expect(refused.message).not.toContain(secret);

    const withUser = http.url.replace("http://", "http://deploy-bot@");
    const anonymous = await fetchError(git(withUser, "main"));
    expect(anonymous.code).toBe("auth");
    expect(anonymous.message).toContain("needs credentials: add a deploy token");
    expect(anonymous.message).not.toContain("deploy-bot");
  });

  test("a token is never sent over plain http:// unless the host is loopback and local hosts are allowed", async () => {
    const listener = await serveHangingHttp();
    try {
      const inClear = await fetchError(git(listener.url, "main", null, token));
      expect([inClear.code, inClear.message]).toEqual([
        "bad-url",
        `A deploy token is never sent over plain http:// (${listener.url}); use the repository's https:// URL`,
      ]);
      expect(listener.requests()).toBe(0);
    } finally {
      await listener.close();
    }
  });
});

test("a server that only speaks protocol v0 refuses a sha no ref points at, and the message says so", async () => {
  const repo = await createGitRepo();
  const old = await repo.commit({ "skills/pdf/SKILL.md": skillMd("pdf") }, "one");
  const tip = await repo.commit({ "skills/pdf/SKILL.md": skillMd("pdf", "Two.") }, "two");
  const http = await serveGitHttp(repo.bareDir, { protocolV2: false });
  try {
    expect((await fetchSource(git(http.url, tip))).revision).toBe(tip); // a ref points at the tip: advertised, so allowed
    const error = await fetchError(git(http.url, old));
    expect(error.code).toBe("ref-not-found");
    expect(error.message).toContain(`Commit ${old} was not found`);
    expect(error.message).toContain("or the server does not allow fetching a commit by its sha");
    expect(error.message).toContain("Server does not allow request for unadvertised object");
  } finally {
    await http.close();
    await repo.remove();
  }
});
