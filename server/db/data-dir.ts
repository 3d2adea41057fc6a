import { access, constants, mkdir } from "node:fs/promises";
import path from "node:path";

/** Create the database's folder when missing; fail with one line naming the path when unusable. */
export async function ensureDataDirectory(databasePath: string): Promise<void> {
  const dir = path.dirname(databasePath);
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK | constants.R_OK);
  } catch {
    throw new DataDirectoryError(`Cannot use the data directory ${dir}: it could not be created or is not writable.`);
  }
}

export class DataDirectoryError extends Error {
  name = "DataDirectoryError";
}
