import { describe, expect, it } from "vitest";
import { skillListParams } from "./inputs";
import { effectiveSort, pageWindow, skillListHref } from "./url";

const parse = (query: string) => skillListParams.parse(Object.fromEntries(new URLSearchParams(query)));

describe("skillListParams", () => {
  it("reads every key and falls back to defaults on anything malformed", () => {
    expect(parse("scope=team&team=t1&q=%20pdf%20&sort=size&author=u1&warnings=with&tag=Ops&starred=1&archived=1&view=rows&page=3")).toEqual({
      scope: "team",
      team: "t1",
      q: "pdf",
      sort: "size",
      author: "u1",
      warnings: "with",
      tag: "ops",
      starred: true,
      archived: true,
      view: "rows",
      page: 3,
    });
    expect(parse("scope=nope&sort=loudest&warnings=maybe&archived=no&view=grid&page=-2&q=&starred=no")).toEqual({
      scope: "all",
      archived: false,
      starred: false,
      view: "cards",
      page: 1,
    });
    expect(skillListHref(parse("tag=pdf&starred=1&page=2"), { author: "u1" })).toBe("/skills?author=u1&tag=pdf&starred=1");
    expect(skillListParams.parse({ q: ["first", "second"], page: ["2"] })).toMatchObject({ q: "first", page: 2 });
  });
});

describe("effectiveSort", () => {
  it("is best match for a search and most recent otherwise, unless chosen", () => {
    expect(effectiveSort({ q: "pdf" })).toBe("relevance");
    expect(effectiveSort({})).toBe("updated");
    expect(effectiveSort({ q: "pdf", sort: "name" })).toBe("name");
    expect(effectiveSort({ sort: "relevance" })).toBe("updated");
  });
});

describe("skillListHref", () => {
  const base = parse("");

  it("leaves defaults out of the URL", () => {
    expect(skillListHref(base)).toBe("/skills");
    expect(skillListHref(base, { sort: "updated", view: "cards", page: 1, scope: "all" })).toBe("/skills");
    expect(skillListHref(parse("q=pdf"), { sort: "relevance" })).toBe("/skills?q=pdf");
  });

  it("keeps the Archived filter across tabs until it is turned off", () => {
    const archived = parse("archived=1&page=2");
    expect(skillListHref(archived, { scope: "personal" })).toBe("/skills?scope=personal&archived=1");
    expect(skillListHref(archived, { archived: false })).toBe("/skills");
  });

  it("keeps the rest of the state and goes back to page 1 on any change", () => {
    const current = parse("scope=team&team=t1&q=pdf&sort=name&author=u1&warnings=with&view=rows&page=4");
    expect(skillListHref(current, { page: 5 })).toBe("/skills?scope=team&team=t1&q=pdf&author=u1&warnings=with&sort=name&view=rows&page=5");
    expect(skillListHref(current, { warnings: undefined })).toBe("/skills?scope=team&team=t1&q=pdf&author=u1&sort=name&view=rows");
  });

  it("forgets the team when the scope changes, unless a team is named", () => {
    const current = parse("scope=team&team=t1");
    expect(skillListHref(current, { scope: "public" })).toBe("/skills?scope=public");
    expect(skillListHref(current, { scope: "team", team: "t2" })).toBe("/skills?scope=team&team=t2");
    expect(skillListHref(parse("team=t1"))).toBe("/skills");
  });

  it("encodes the query", () => {
    expect(skillListHref(base, { q: 'a&b "c"' })).toBe("/skills?q=a%26b+%22c%22");
  });
});

describe("pageWindow", () => {
  it("shows first, last and the neighbours of the current page", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, null, 20]);
    expect(pageWindow(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 19, 20]);
  });

  it("shows a single skipped page instead of an ellipsis", () => {
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});
