import { DataError, type DataErrorCode } from "@/lib/data/errors";
import type { ApiErrorBody } from "@/lib/types/uploads";

/** A refusal decided while reading the request itself (auth, size, shape), before the data layer. */
export class HttpError extends Error {
  name = "HttpError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const dataStatus: Record<DataErrorCode, { status: number; code: string }> = {
  NOT_FOUND: { status: 404, code: "not_found" },
  FORBIDDEN: { status: 403, code: "forbidden" },
  CONFLICT: { status: 409, code: "conflict" },
  INVALID: { status: 422, code: "invalid" },
  REFERENCED: { status: 409, code: "referenced" },
};

/** The HTTP status a data-layer refusal answers with. */
export function statusOfDataError(code: DataErrorCode): number {
  return dataStatus[code].status;
}

// API answers are per caller and often secret (tokens): never stored by a shared cache.
const NO_STORE = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: { ...NO_STORE, ...init.headers } });
}

export function jsonError(
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  const body: ApiErrorBody = { error: { ...details, code, message } };
  return json(body, { status, headers });
}

export const notFoundResponse = (what = "Skill") => jsonError(404, "not_found", `${what} not found.`);

// The database's answers when the storage refuses a write arrive wrapped by Prisma's driver
// adapter: SQLite's (read-only file or mount, full disk, failing disk) and PostgreSQL's SQLSTATEs
// for the same (25006 a read-only transaction, as a standby gives; 53100 disk full; 58030 I/O
// error). They say nothing about the request: 503, so clients retry and monitors see the outage,
// instead of a 500 that looks like a bug.
const STORAGE_FAILURE = /^(?:SQLITE_(?:READONLY|IOERR|FULL|CANTOPEN)|25006$|53100$|58030$)/;

type AdapterCause = { originalCode?: unknown };
function storageFailureCode(error: unknown): string | null {
  const wrapped = error as { meta?: { driverAdapterError?: { cause?: AdapterCause } }; cause?: AdapterCause } | null;
  const code = wrapped?.meta?.driverAdapterError?.cause?.originalCode ?? wrapped?.cause?.originalCode;
  return typeof code === "string" && STORAGE_FAILURE.test(code) ? code : null;
}

/**
 * Expected refusals (HttpError, DataError) become JSON error answers, storage that refuses writes
 * a 503; anything else is a bug and is rethrown, so Next logs it and answers 500 without leaking
 * details.
 */
export function errorResponse(error: unknown): Response {
  const storageFailure = storageFailureCode(error);
  if (storageFailure) {
    console.error(`Storage refused a write (${storageFailure}); answering 503.`, error);
    return jsonError(
      503,
      "storage_unavailable",
      "Storage is unavailable: the server cannot write its data right now. Try again later.",
      {},
      { "Retry-After": "30" },
    );
  }
  if (error instanceof HttpError) return jsonError(error.status, error.code, error.message, error.details, error.headers);
  if (error instanceof DataError) {
    const { status, code } = dataStatus[error.code];
    return jsonError(status, code, error.message, error.details ?? {});
  }
  throw error;
}

/** Runs a route handler body, answering expected refusals as JSON errors. */
export async function handle(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    return errorResponse(error);
  }
}
