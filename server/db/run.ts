import { EnvError } from "@/lib/env";
import { DataDirectoryError } from "./data-dir";
import { DatabaseBusyError } from "./errors";

/** Run a script's main; a setup problem ends it with its one-line message instead of a stack. */
export async function runScript(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirectoryError || error instanceof DatabaseBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
