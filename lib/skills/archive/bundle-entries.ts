import { formatBytes, formatNumber } from "../../display";
import { type Finding, type FindingCode } from "../format/findings";
import type { BundleInput } from "./bundle";
import type { BundleLimits } from "../format/limits";
import { gunzipLimited, readTar } from "./tar";
import { listZip, type EntryType } from "./zip";
import { extractZipEntry, type ExtractResult, type InflateBudget } from "./zip-extract";

// The first stage of reading a bundle: every kind of input (ZIP, tarball, picked folder, lone
// SKILL.md) listed as entries with declared sizes and a reader that inflates against a shared
// budget, so the checks in ./bundle.ts run before any content is read.

export interface RawEntry {
  path: string;
  nameBytes?: number;
  type: EntryType;
  executable?: boolean;
  /** Declared size, checked before anything is read. */
  size: number;
  compressedSize?: number;
  badUtf8Name?: boolean;
  encrypted?: boolean;
  method?: number;
  findings?: Finding[];
  read: (budget: InflateBudget) => ExtractResult;
}

export const entryError = (code: FindingCode, path: string, rule: string): Finding => ({
  severity: "error",
  code,
  message: `${JSON.stringify(path)}: ${rule}`,
  path,
});

export function collectEntries(input: BundleInput, limits: BundleLimits, findings: Finding[]): RawEntry[] {
  switch (input.kind) {
    case "zip": {
      const listing = listZip(input.bytes, limits);
      findings.push(...listing.findings);
      return listing.entries.map((e) => ({
        path: e.name,
        nameBytes: e.nameBytes,
        type: e.type,
        executable: e.executable,
        size: e.size,
        compressedSize: e.compressedSize,
        badUtf8Name: e.badUtf8Name,
        encrypted: e.encrypted,
        method: e.method,
        findings: e.findings,
        read: (budget) => extractZipEntry(input.bytes, e, limits, budget),
      }));
    }
    case "tar.gz":
    case "tar": {
      let data = input.bytes;
      if (input.kind === "tar.gz") {
        const gunzipped = gunzipLimited(input.bytes, limits);
        findings.push(...gunzipped.findings);
        if (!gunzipped.data) return [];
        data = gunzipped.data;
      }
      const listing = readTar(data, limits);
      findings.push(...listing.findings);
      return listing.entries.map((e) => ({
        path: e.name,
        nameBytes: e.nameBytes,
        type: e.type,
        executable: e.executable,
        size: e.size,
        read: (budget) => takeFromBudget(e.name, e.data, limits, budget),
      }));
    }
    case "files": {
      if (input.files.length > limits.maxEntries) {
        findings.push({
          severity: "error",
          code: "archive-too-many-entries",
          message: `${formatNumber(input.files.length)} files were given; the limit is ${formatNumber(limits.maxEntries)}`,
          path: "",
        });
        return [];
      }
      return input.files.map((f) => ({
        path: f.path,
        type: f.type ?? "file",
        executable: f.executable,
        size: Math.max(f.size ?? 0, f.bytes.length),
        read: (budget) => takeFromBudget(f.path, f.bytes, limits, budget),
      }));
    }
    case "skill-md":
      return [{ path: "SKILL.md", type: "file", size: input.bytes.length, read: (budget) => takeFromBudget("SKILL.md", input.bytes, limits, budget) }];
  }
}

function takeFromBudget(path: string, bytes: Uint8Array, limits: BundleLimits, budget: InflateBudget): ExtractResult {
  if (bytes.length > budget.remainingTotal) {
    budget.remainingTotal = 0;
    return { ok: false, finding: entryError("archive-too-large", path, `the files add up to more than ${formatBytes(limits.maxTotalBytes, "prose")}`) };
  }
  budget.remainingTotal -= bytes.length;
  // a copy, so the bundle never aliases a caller's (or an archive's) buffer
  return { ok: true, data: bytes.slice() };
}
