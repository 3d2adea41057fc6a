export type Health = {
  ok: boolean;
  database: "ok" | "unreachable";
  /** Whether writes can land: the database files open for writing and the data folder takes a file. */
  storage: "ok" | "unwritable";
  error?: string;
};
export declare function checkStorageFor(databasePath: string): Promise<void>;
export declare function checkHealthWith(query: () => unknown, databasePath: string | null): Promise<Health>;
/** The line of an error's message that says what went wrong (not Prisma's preamble). */
export declare function reasonOf(error: unknown): string;
