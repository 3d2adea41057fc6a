import "server-only";

// What raw SQL answers, read the same on both databases: the drivers differ. SQLite answers
// booleans as 0/1, counts as numbers, and dates as it stored them; PostgreSQL answers true/false,
// counts as bigints and dates as Dates.

export const yes = (value: unknown): boolean => value === true || Number(value) === 1;
export const int = (value: unknown): number => Number(value ?? 0);
export function date(value: unknown): Date {
  if (value instanceof Date) return value;
  return new Date(typeof value === "number" || typeof value === "bigint" || /^\d+$/.test(String(value)) ? Number(value) : String(value));
}
export const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : date(value));
