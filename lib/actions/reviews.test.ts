import { beforeEach, describe, expect, it, vi } from "vitest";
import { DataError } from "@/lib/data/errors";

// The review page's actions: what reaches the data layer, what a form gets back for bad input,
// and what the reviewer is told. The data layer is mocked: it has its own tests.

const viewer = { id: "ada", name: "Ada", email: "ada@example.com", role: "USER" as const };
const data = { commentOnRequest: vi.fn(), setThreadResolved: vi.fn(), decideRequest: vi.fn(), withdrawRequest: vi.fn(), getReviewDiffFiles: vi.fn() };
const revalidated: string[] = [];
vi.mock("@/lib/data/core/session", () => ({ requireViewer: async () => viewer }));
vi.mock("@/lib/data/reviews", () => data);
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => revalidated.push(path) }));
const { commentAction, decideAction, resolveThreadAction, reviewDiffFilesAction, withdrawAction } = await import("./reviews");

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.set(key, value);
  return formData;
};

beforeEach(() => {
  for (const fn of Object.values(data)) fn.mockReset();
  revalidated.length = 0;
});

describe("commentAction", () => {
  it("sends a line comment with its anchor and revalidates the page and the inbox", async () => {
    data.commentOnRequest.mockResolvedValue({ threadId: "t", commentId: "c" });
    const result = await commentAction(
      null,
      form({ requestId: "r1", body: " Why? ", anchorVersion: "7", anchorPath: "SKILL.md", anchorLine: "12", parentId: "" }),
    );
    expect(result).toEqual({ ok: true, data: { threadId: "t", commentId: "c" }, message: "Comment added." });
    expect(data.commentOnRequest).toHaveBeenCalledWith(viewer, "r1", { body: "Why?", anchor: { version: 7, path: "SKILL.md", line: 12 }, parentId: undefined });
    expect(revalidated).toEqual(["/reviews/r1", "/reviews"]);
  });

  it("sends a reply without an anchor", async () => {
    data.commentOnRequest.mockResolvedValue({ threadId: "t", commentId: "c2" });
    expect(await commentAction(null, form({ requestId: "r1", body: "Done.", parentId: "t" }))).toMatchObject({ ok: true, message: "Reply added." });
    expect(data.commentOnRequest).toHaveBeenCalledWith(viewer, "r1", { body: "Done.", anchor: undefined, parentId: "t" });
  });

  it("answers an empty comment at the field and writes nothing", async () => {
    const result = await commentAction(null, form({ requestId: "r1", body: "   " }));
    expect(result).toMatchObject({ ok: false, code: "INVALID_INPUT", message: "Write a comment first.", fieldErrors: { body: ["Write a comment first."] } });
    expect(data.commentOnRequest).not.toHaveBeenCalled();
  });

  it("refuses half an anchor", async () => {
    const result = await commentAction(null, form({ requestId: "r1", body: "x", anchorPath: "SKILL.md" }));
    expect(result).toMatchObject({ ok: false, message: "A line comment needs the version, the file and the line." });
  });

  it("passes the data layer's refusal on (a line that does not exist)", async () => {
    data.commentOnRequest.mockRejectedValue(new DataError("INVALID", "Line 99 does not exist in SKILL.md of version 7 (it has 12 lines)."));
    const result = await commentAction(null, form({ requestId: "r1", body: "x", anchorVersion: "7", anchorPath: "SKILL.md", anchorLine: "99" }));
    expect(result).toMatchObject({ ok: false, code: "INVALID", message: "Line 99 does not exist in SKILL.md of version 7 (it has 12 lines)." });
  });
});

describe("decideAction", () => {
  const decide = (fields: Record<string, string>) => decideAction(null, form({ requestId: "r1", skillId: "s1", revision: "2", note: "", ...fields }));

  it("requires a note to request changes, not to approve", async () => {
    expect(await decide({ verdict: "changes" })).toMatchObject({
      ok: false,
      fieldErrors: { note: ["Say what should change in the note with your decision (a comment in the conversation is not part of it)."] },
    });
    data.decideRequest.mockResolvedValue({ verdict: "approve", approvals: 1, required: 2, merged: null, outOfDate: false });
    expect(await decide({ verdict: "approve" })).toMatchObject({ ok: true, message: "Approved (1 of 2)." });
    expect(data.decideRequest).toHaveBeenCalledWith(viewer, "r1", { verdict: "approve", revision: 2, note: undefined });
  });

  it("says a merge and revalidates the skill", async () => {
    data.decideRequest.mockResolvedValue({ verdict: "approve", approvals: 1, required: 1, merged: { version: 8 }, outOfDate: false });
    expect(await decide({ verdict: "approve", note: "Nice" })).toMatchObject({
      ok: true,
      message: "Approved and merged as v8.",
      data: { merged: { version: 8 } },
    });
    expect(revalidated).toContain("/skills/s1");
  });

  it("says when an approval could not merge because the skill moved on", async () => {
    data.decideRequest.mockResolvedValue({ verdict: "approve", approvals: 1, required: 1, merged: null, outOfDate: true });
    expect(await decide({ verdict: "approve" })).toMatchObject({ ok: true, message: expect.stringContaining("must rebase") });
  });

  it("sends a request for changes with its note", async () => {
    data.decideRequest.mockResolvedValue({ verdict: "changes", approvals: 0, required: 1, merged: null, outOfDate: false });
    expect(await decide({ verdict: "changes", note: " Rename it " })).toMatchObject({ ok: true, message: "Changes requested. The author will see your note." });
    expect(data.decideRequest).toHaveBeenCalledWith(viewer, "r1", { verdict: "changes", revision: 2, note: "Rename it" });
  });
});

describe("resolveThreadAction and withdrawAction", () => {
  it("resolves and reopens a thread", async () => {
    await resolveThreadAction(null, form({ requestId: "r1", threadId: "t", resolved: "true" }));
    expect(await resolveThreadAction(null, form({ requestId: "r1", threadId: "t", resolved: "false" }))).toMatchObject({
      ok: true,
      message: "Thread reopened.",
    });
    expect(data.setThreadResolved.mock.calls).toEqual([
      [viewer, "t", true],
      [viewer, "t", false],
    ]);
  });

  it("withdraws, or says why not", async () => {
    expect(await withdrawAction(null, form({ requestId: "r1", skillId: "s1" }))).toMatchObject({ ok: true, message: "Request withdrawn." });
    data.withdrawRequest.mockRejectedValue(new DataError("CONFLICT", "This request is already merged."));
    expect(await withdrawAction(null, form({ requestId: "r1", skillId: "s1" }))).toMatchObject({
      ok: false,
      code: "CONFLICT",
      message: "This request is already merged.",
    });
  });
});

describe("reviewDiffFilesAction", () => {
  it("reads the bodies asked for, revalidating nothing", async () => {
    data.getReviewDiffFiles.mockResolvedValue([{ path: "a.md", status: "changed" }]);
    expect(await reviewDiffFilesAction({ requestId: "r1", revision: 2, paths: ["a.md"] })).toEqual({ ok: true, data: [{ path: "a.md", status: "changed" }] });
    expect(data.getReviewDiffFiles).toHaveBeenCalledWith(viewer, "r1", 2, ["a.md"], undefined);
    // A page showing the changes since an earlier revision asks for its bodies the same way.
    await reviewDiffFilesAction({ requestId: "r1", revision: 2, since: 1, paths: ["a.md"] });
    expect(data.getReviewDiffFiles).toHaveBeenLastCalledWith(viewer, "r1", 2, ["a.md"], 1);
    expect(revalidated).toEqual([]);
  });

  it("says the page is gone when the request or revision is, and refuses an empty or huge ask", async () => {
    data.getReviewDiffFiles.mockResolvedValue(null);
    expect(await reviewDiffFilesAction({ requestId: "r1", revision: 9, paths: ["a.md"] })).toMatchObject({
      ok: false,
      code: "NOT_FOUND",
      message: /Reload the page/,
    });
    expect(await reviewDiffFilesAction({ requestId: "r1", revision: 1, paths: [] })).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(await reviewDiffFilesAction({ requestId: "r1", revision: 1, paths: Array.from({ length: 51 }, (_, i) => `f${i}`) })).toMatchObject({ ok: false });
    expect(data.getReviewDiffFiles).toHaveBeenCalledTimes(1);
  });
});
