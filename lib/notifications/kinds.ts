// What people are told about, and where. Pure: the data layer (lib/data/notifications) decides who
// hears of an event; this says what each kind is called and what a user's preferences mean.

export const NOTIFICATION_KINDS = [
  "review.requested",
  "review.changes",
  "review.approved",
  "review.comment",
  "review.mention",
  "source.failed",
  "skill.changed",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  "review.requested": { label: "Review requested", hint: "A change you may approve waits for review." },
  "review.changes": { label: "Changes requested", hint: "A reviewer asked for changes to your proposal." },
  "review.approved": { label: "Approved and merged", hint: "Your proposal was approved, or merged." },
  "review.comment": { label: "Comments", hint: "Someone commented on your proposal." },
  "review.mention": { label: "@mentions", hint: "Someone mentioned you in a review conversation." },
  "source.failed": { label: "Source sync failed", hint: "A sync of a source you set up failed." },
  "skill.changed": { label: "Your skills changed", hint: "Someone else changed, renamed, moved or archived a skill you own." },
};

export type Channel = "inApp" | "email";
export type ChannelPrefs = Record<Channel, boolean>;
export type NotificationPrefs = Record<NotificationKind, ChannelPrefs>;

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** Every kind on in the app and by e-mail until the user says otherwise. */
export const DEFAULT_PREFS: NotificationPrefs = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { inApp: true, email: true }])) as NotificationPrefs;

/**
 * A user's stored preferences (JSON) over the defaults. Unknown kinds and non-boolean values are
 * ignored rather than refused: a kind removed in a later release must not break the settings page.
 */
export function parsePrefs(stored: string | null | undefined): NotificationPrefs {
  let raw: unknown = {};
  try {
    raw = JSON.parse(stored || "{}");
  } catch {
    raw = {};
  }
  const prefs = structuredClone(DEFAULT_PREFS);
  if (!raw || typeof raw !== "object") return prefs;
  for (const [kind, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!isNotificationKind(kind) || !value || typeof value !== "object") continue;
    for (const channel of ["inApp", "email"] as const) {
      const flag = (value as Record<string, unknown>)[channel];
      if (typeof flag === "boolean") prefs[kind][channel] = flag;
    }
  }
  return prefs;
}

/** The preferences as stored: only what differs from the defaults. */
export function serializePrefs(prefs: NotificationPrefs): string {
  const changed: Partial<Record<NotificationKind, Partial<ChannelPrefs>>> = {};
  for (const kind of NOTIFICATION_KINDS) {
    for (const channel of ["inApp", "email"] as const) {
      if (prefs[kind][channel] !== DEFAULT_PREFS[kind][channel]) (changed[kind] ??= {})[channel] = prefs[kind][channel];
    }
  }
  return JSON.stringify(changed);
}

/**
 * The preferences a settings form sent: a checkbox per kind and channel named "<kind>:<channel>",
 * present when on (as HTML forms send them). Kinds the form did not list keep `current`.
 */
export function prefsFromForm(entries: Iterable<[string, unknown]>, current: NotificationPrefs): NotificationPrefs {
  const on = new Set<string>();
  for (const [name, value] of entries) if (value === "on" || value === "true") on.add(name);
  const next = structuredClone(current);
  for (const kind of NOTIFICATION_KINDS) for (const channel of ["inApp", "email"] as const) next[kind][channel] = on.has(`${kind}:${channel}`);
  return next;
}

/**
 * The @mentions in a comment: "@" then a handle (letters, digits, ".", "_", "-"), not inside a word
 * or an e-mail address. Lowercased and without repeats; a trailing "." ends the sentence, not the handle.
 */
export function mentionsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![\w.@])@([a-z0-9][\w.-]{0,63})/gi)) found.add(match[1].replace(/[.-]+$/, "").toLowerCase());
  return [...found].filter(Boolean);
}

/** The handles a user answers to: their name without spaces, and their e-mail's local part. */
export function handlesOf(user: { name: string; email: string }): string[] {
  const handles = [user.name.replace(/\s+/g, "").toLowerCase(), user.email.split("@")[0].toLowerCase()];
  return [...new Set(handles.filter(Boolean))];
}
