/** Where the command reads and writes: the repository CLI's io plus the environment (token, URL, HOME). */
export interface SyncIo {
  out(line: string): void;
  err(line: string): void;
  cwd: string;
  env: Record<string, string | undefined>;
}
export declare const SCHEMA: string;
export declare const LOCKFILE: string;
export declare const syncUsage: string;
/** `skillshelf-sync sync ...`: argv without node and the script; returns the exit code. */
export declare function main(argv: readonly string[], io: SyncIo): Promise<number>;
/** The `sync` command, argv after "sync": 0 in sync, 1 something refused or failed, 2 usage. */
export declare function syncCommand(argv: readonly string[], io: SyncIo): Promise<number>;
