/** Expected refusals from the data layer; actions turn them into messages, routes into statuses. */
export type DataErrorCode = "NOT_FOUND" | "FORBIDDEN" | "CONFLICT" | "INVALID" | "REFERENCED";

export class DataError extends Error {
  name = "DataError";
  constructor(
    readonly code: DataErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Skill") => new DataError("NOT_FOUND", `${what} not found.`);
