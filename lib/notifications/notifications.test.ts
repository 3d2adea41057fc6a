import { describe, expect, it } from "vitest";
import { DEFAULT_PREFS, handlesOf, mentionsIn, parsePrefs, prefsFromForm, serializePrefs } from "./kinds";
import { signWebhook, verifyWebhookSignature, webhookBody, webhookUrlProblem } from "./webhook";

describe("preferences", () => {
  it("default to on, keep only what differs, and ignore unknown kinds or bad JSON", () => {
    expect(parsePrefs("not json")).toEqual(DEFAULT_PREFS);
    const prefs = parsePrefs(JSON.stringify({ "review.comment": { email: false }, "gone.kind": { inApp: false }, "skill.changed": { inApp: "no" } }));
    expect(prefs["review.comment"]).toEqual({ inApp: true, email: false });
    expect(prefs["skill.changed"]).toEqual({ inApp: true, email: true });
    expect(serializePrefs(prefs)).toBe('{"review.comment":{"email":false}}');
  });

  it("read a form's checkboxes: an unchecked box is off", () => {
    const prefs = prefsFromForm([["review.requested:inApp", "on"]], DEFAULT_PREFS);
    expect(prefs["review.requested"]).toEqual({ inApp: true, email: false });
    expect(prefs["source.failed"]).toEqual({ inApp: false, email: false });
  });
});

describe("mentions", () => {
  it("find handles, not e-mail addresses or a sentence's full stop", () => {
    expect(mentionsIn("Thanks @Ada. See mail@example.com and @grace-h, @ada again")).toEqual(["ada", "grace-h"]);
    expect(handlesOf({ name: "Ada Lovelace", email: "ada.l@example.com" })).toEqual(["adalovelace", "ada.l"]);
  });
});

describe("webhook body and signature", () => {
  const event = {
    id: "e1",
    kind: "skill.changed",
    title: "a <b> & c",
    url: "https://shelf.example/skills/1",
    team: "Platform",
    createdAt: "2026-12-02T00:00:00.000Z",
  };

  it("is Slack-compatible text with the link, escaped", () => {
    expect(JSON.parse(webhookBody(event)).text).toBe("a &lt;b&gt; &amp; c <https://shelf.example/skills/1|Open in Skillshelf>");
  });

  it("verifies with the secret and timestamp it was signed with, and nothing else", () => {
    const body = webhookBody(event);
    const signature = signWebhook("s3cret", "1700000000", body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature("s3cret", "1700000000", body, signature)).toBe(true);
    expect(verifyWebhookSignature("s3cret", "1700000001", body, signature)).toBe(false);
    expect(verifyWebhookSignature("other", "1700000000", body, signature)).toBe(false);
    expect(verifyWebhookSignature("s3cret", "1700000000", `${body} `, signature)).toBe(false);
  });

  it("refuses URLs that are not http(s) or carry credentials", () => {
    expect(webhookUrlProblem("https://hooks.example.com/x")).toBeNull();
    expect(webhookUrlProblem("nope")).toMatch(/full URL/);
    expect(webhookUrlProblem("https://u:p@hooks.example.com")).toMatch(/user name/);
  });
});
