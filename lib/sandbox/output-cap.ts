// stdout and stderr of a run, each kept up to a byte cap. The rest is drained and counted (a script
// blocked on a full pipe would only wait for the timeout) and the text says how much was cut, so the
// model knows it did not see everything.
import { formatBytes } from "../display";

/** A size as the app writes it in prose: "512 bytes", "64 KB", "1.2 MB" (1,024-based). */
export const formatSize = (bytes: number) => formatBytes(bytes, "prose");

/** The longest prefix of `bytes` no longer than `max` that does not end inside a UTF-8 sequence. */
export function utf8Prefix(bytes: Uint8Array, max: number): Uint8Array {
  if (bytes.length <= max) return bytes;
  let end = max;
  // Step back over continuation bytes (10xxxxxx) to the lead byte of the sequence cut at `max`.
  let lead = end;
  while (lead > 0 && lead > end - 4 && (bytes[lead - 1] & 0xc0) === 0x80) lead--;
  if (lead > 0 && lead > end - 4) {
    const first = bytes[lead - 1];
    const length = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
    if (lead - 1 + length > end) end = lead - 1;
  }
  return bytes.subarray(0, end);
}

export const truncationMarker = (hiddenBytes: number) => `\n[… output truncated: ${formatSize(hiddenBytes)} more not shown]`;

export interface CappedText {
  text: string;
  /** Bytes received in all. */
  totalBytes: number;
  /** Bytes not in `text` (0 when nothing was cut). */
  hiddenBytes: number;
}

/** Collects one stream: keeps the first `maxBytes`, counts the rest. */
export function createOutputCap(maxBytes: number) {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let totalBytes = 0;
  return {
    push(chunk: Buffer) {
      totalBytes += chunk.length;
      // A few bytes past the cap are kept so utf8Prefix sees where the sequence at the cap ends.
      const room = maxBytes + 4 - keptBytes;
      if (room <= 0) return;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      kept.push(part);
      keptBytes += part.length;
    },
    finish(): CappedText {
      const all = Buffer.concat(kept);
      if (totalBytes <= maxBytes) return { text: all.toString("utf8"), totalBytes, hiddenBytes: 0 };
      const prefix = utf8Prefix(all, maxBytes);
      const hiddenBytes = totalBytes - prefix.length;
      return { text: Buffer.from(prefix).toString("utf8") + truncationMarker(hiddenBytes), totalBytes, hiddenBytes };
    },
  };
}
