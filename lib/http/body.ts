import { z } from "zod";
import { formatBytes } from "@/lib/display";
import { HttpError } from "./errors";

function tooLarge(limit: number, size?: number): HttpError {
  const what = size === undefined ? "The upload is larger than" : `The upload is ${formatBytes(size, "prose")}; the limit is`;
  return new HttpError(413, "too_large", `${what} ${formatBytes(limit, "prose")}.`, { limit }, { Connection: "close" });
}

/**
 * Reads a stream to its end, refusing (413) as soon as it passes `limit` bytes, so a body that
 * lies about its length, or sends none, still cannot make the server hold more than the limit.
 */
export async function readStreamLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * The request body, at most `limit` bytes: a declared Content-Length over the limit is refused
 * before a single byte is read; otherwise bytes are counted as they arrive.
 */
export async function readBodyLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) throw tooLarge(limit, Number(declared));
  return readStreamLimited(request.body, limit);
}

/**
 * The request body as JSON, at most `limit` bytes; a body that is not JSON is a 400 whose message
 * is `hint` (say what to send). An empty body reads as `empty` when one is given.
 */
export async function readJsonBody(request: Request, limit: number, hint: string, options: { empty?: unknown } = {}): Promise<unknown> {
  const body = await readBodyLimited(request, limit);
  if (!body.length && options.empty !== undefined) return options.empty;
  try {
    return JSON.parse(new TextDecoder().decode(body));
  } catch {
    throw new HttpError(400, "bad_request", hint);
  }
}

/** `raw` checked against `schema`; a 400 naming every problem (and each field's) when it does not fit. */
export function parseInput<T>(schema: z.ZodType<T>, raw: unknown): T {
  const input = schema.safeParse(raw);
  if (!input.success) throw new HttpError(400, "bad_request", z.prettifyError(input.error), { fieldErrors: z.flattenError(input.error).fieldErrors });
  return input.data;
}
