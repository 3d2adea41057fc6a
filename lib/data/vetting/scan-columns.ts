import "server-only";
import { RULESET_VERSION, scanFiles } from "@/lib/skills/scan";
import type { ScanInputFile, ScanResult } from "@/lib/skills/scan/types";
import type { Db, Tx } from "@/lib/db/client";
import { blobSelect, loadFileBytes } from "../platform/blobs";

/**
 * Runs the scanner, failing closed: an error inside it becomes an incomplete result that names
 * the error, so the version reads "not fully scanned", never "no findings".
 */
export function safeScan(run: () => ScanResult): ScanResult {
  try {
    return run();
  } catch (error) {
    return {
      ruleset: RULESET_VERSION,
      findings: [],
      highest: null,
      complete: false,
      skipped: [{ path: "*", reason: "error", detail: error instanceof Error ? error.message : String(error) }],
      filesScanned: 0,
      bytesScanned: 0,
    };
  }
}

/** The SkillVersion columns that hold a scan result. */
export function scanColumns(scan: ScanResult) {
  return {
    scanFindings: JSON.stringify(scan.findings),
    scanHighest: scan.highest,
    scanRuleset: scan.ruleset,
    scanComplete: scan.complete,
    scanSkipped: JSON.stringify(scan.skipped),
  };
}

/** Scans the stored files of one version (restore, rescan): the bytes come from the blob store. */
export async function scanStoredVersion(db: Db | Tx, versionId: string): Promise<ScanResult> {
  const files = await db.skillFile.findMany({
    where: { versionId },
    select: { path: true, mediaType: true, ...blobSelect },
    orderBy: { path: "asc" },
  });
  let inputs: ScanInputFile[];
  try {
    inputs = await loadFileBytes(files);
  } catch (error) {
    // A blob that cannot be read is a file that was not scanned: fail closed.
    return safeScan(() => {
      throw error;
    });
  }
  return safeScan(() => scanFiles(inputs));
}
