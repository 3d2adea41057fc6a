import "server-only";
import { db } from "./server";

/**
 * Prisma's `contains` as SQLite runs it (LIKE, which ignores ASCII case) on both databases.
 * PostgreSQL's LIKE heeds case, so there it becomes ILIKE (`mode: "insensitive"`, an option the
 * SQLite client refuses, hence the cast).
 */
export function containsIgnoringCase(text: string): { contains: string } {
  return (db.$dialect === "postgres" ? { contains: text, mode: "insensitive" } : { contains: text }) as { contains: string };
}
