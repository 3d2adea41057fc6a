/** Display helpers shared by server and client components. */

const numberFormat = new Intl.NumberFormat("en-US");

export function formatNumber(n: number): string {
  return numberFormat.format(n);
}

/**
 * A size, 1,024-based like every size the app shows. "compact", for lists, headers and badges that
 * are scanned: "512 B", "1.5 KB", "12 KB", "3.0 MB". "prose", for messages and limits that are
 * read: "512 bytes", "12.5 KB", "256 KB", "1.2 GB" (a whole number without decimals).
 */
export function formatBytes(bytes: number, style: "compact" | "prose" = "compact"): string {
  if (style === "compact") {
    if (bytes < 1024) return `${bytes} B`;
    if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
    return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  }
  if (bytes < 1024) return `${formatNumber(bytes)} bytes`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(Number.isInteger(value) ? 0 : 1)} ${units[unit]}`;
}

export function formatTokens(tokens: number): string {
  return tokens < 1000 ? `${tokens}` : `${(tokens / 1000).toFixed(tokens < 10_000 ? 1 : 0)}k`;
}

const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function formatRelative(date: Date, now = new Date()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return "just now";
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), "day");
  return date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** A token's expiry as the account page says it: "expires in 12 days", "expired", "never expires". */
export function formatExpiry(expiresAt: Date | null, now = new Date()): string {
  if (!expiresAt) return "never expires";
  const ms = expiresAt.getTime() - now.getTime();
  if (ms <= 0) return "expired";
  // Rounded up: a token made for 90 days says 90 until a day has passed, and "1 day" on its last.
  const days = Math.ceil(ms / 86_400_000);
  return `expires in ${days} ${days === 1 ? "day" : "days"}`;
}

/**
 * A revision as people quote it: a commit sha's first 7 characters ("1a2b3c4"), a folder source's
 * "tree:" digest likewise ("tree:1a2b3c4"); anything else (a short sha already, a tag) as it is.
 */
export function shortRevision(revision: string): string {
  return revision.replace(/^(tree:)?([0-9a-f]{7})[0-9a-f]{5,}$/i, "$1$2");
}
