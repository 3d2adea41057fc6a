import { describe, expect, it } from "vitest";
import { inboxCountTitle, reviewInboxHref, reviewInboxParams, skillProposalsHref } from "./inbox-url";

describe("reviewInboxParams", () => {
  it("defaults to open requests waiting for me, page 1", () => {
    expect(reviewInboxParams.parse({})).toEqual({ box: "for-me", state: "open", skill: undefined, page: 1 });
  });

  it("reads every field, the first of repeated ones", () => {
    expect(reviewInboxParams.parse({ box: ["mine", "all"], state: "merged", skill: " s1 ", page: "3" })).toEqual({
      box: "mine",
      state: "merged",
      skill: "s1",
      page: 3,
    });
  });

  it("falls back on anything malformed instead of failing", () => {
    expect(reviewInboxParams.parse({ box: "theirs", state: "closed", skill: "", page: "-2" })).toEqual({
      box: "for-me",
      state: "open",
      skill: undefined,
      page: 1,
    });
    expect(reviewInboxParams.parse({ page: "abc" }).page).toBe(1);
  });
});

describe("reviewInboxHref", () => {
  const base = reviewInboxParams.parse({ box: "all", state: "all", skill: "s1", page: "4" });

  it("leaves defaults out", () => {
    expect(reviewInboxHref(reviewInboxParams.parse({}))).toBe("/reviews");
  });

  it("starts again at page 1 on a change other than the page", () => {
    expect(reviewInboxHref(base, { box: "mine" })).toBe("/reviews?box=mine&state=all&skill=s1");
    expect(reviewInboxHref(base, { page: 5 })).toBe("/reviews?box=all&state=all&skill=s1&page=5");
  });

  it("drops the skill filter when asked", () => {
    expect(reviewInboxHref(base, { skill: undefined, state: "open" })).toBe("/reviews?box=all");
  });
});

describe("skillProposalsHref", () => {
  it("links one request directly and several to the filtered inbox", () => {
    expect(skillProposalsHref("sk 1", [])).toBeNull();
    expect(skillProposalsHref("sk 1", [{ id: "r1" }])).toBe("/reviews/r1");
    expect(skillProposalsHref("sk 1", [{ id: "r1" }, { id: "r2" }])).toBe("/reviews?box=all&skill=sk+1");
  });
});

describe("inboxCountTitle", () => {
  it("says both counts in words", () => {
    expect(inboxCountTitle({ forMe: 1, mine: 0 })).toBe("Review requests: 1 request waits for your review; 0 of yours are open");
    expect(inboxCountTitle({ forMe: 2, mine: 1 })).toBe("Review requests: 2 requests wait for your review; 1 of yours is open");
  });
});
