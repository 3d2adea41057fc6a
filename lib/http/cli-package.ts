import { readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sha256Hex } from "@/lib/skills/archive/digest";
import { attachmentDisposition } from "./content-disposition";
import { ifNoneMatchHits } from "./etag";

// The sync CLI as people run it without a clone: the plain file (`node skillshelf-sync.mjs sync ...`)
// and a one-file npm package (`npx -y <origin>/api/v1/cli/skillshelf-sync.tgz sync ...`), both
// from cli/sync/skillshelf-sync.mjs as it is on disk. The package is built here, byte for byte the
// same for the same file, so its ETag is stable and npm's cache revalidates instead of refetching.

const SOURCE = "cli/sync/skillshelf-sync.mjs";
export const CLI_FILE = "skillshelf-sync.mjs";
export const CLI_PACKAGE = "skillshelf-sync";

export interface CliArtifacts {
  script: Uint8Array;
  tarball: Uint8Array;
}

let cached: { script: Uint8Array; artifacts: CliArtifacts } | null = null;

/** The script and its package. Read on each call (cheap) so a changed file is served at once; packed only when it changed. */
export async function cliArtifacts(root = process.cwd()): Promise<CliArtifacts> {
  const script = new Uint8Array(await readFile(path.join(root, SOURCE)));
  if (cached && Buffer.from(cached.script).equals(script)) return cached.artifacts;
  const artifacts = { script, tarball: packCli(script) };
  cached = { script, artifacts };
  return artifacts;
}

/** A package.json naming the script as its bin; the version carries the script's digest, so a changed script is a new version to npx. */
export function cliPackageJson(script: Uint8Array): string {
  const pkg = {
    name: CLI_PACKAGE,
    version: `1.0.0-${sha256Hex(script).slice(0, 12)}`,
    description: "Mirror the skills a Skillshelf server gives you into an agent's skills folder.",
    type: "module",
    bin: { [CLI_PACKAGE]: CLI_FILE },
    files: [CLI_FILE],
    engines: { node: ">=22.20" },
    license: "UNLICENSED",
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** The npm package tarball: package/package.json and package/skillshelf-sync.mjs, ustar, gzip. */
export function packCli(script: Uint8Array): Uint8Array {
  const tar = ustar([
    { name: "package/package.json", bytes: new TextEncoder().encode(cliPackageJson(script)), mode: 0o644 },
    { name: `package/${CLI_FILE}`, bytes: script, mode: 0o755 },
  ]);
  return new Uint8Array(gzipSync(tar, { level: 9 }));
}

// npm pack's fixed timestamp (1985-10-26T08:15:00Z): no clock leaks into the package.
const MTIME = 499162500;

/** A minimal ustar writer for short names; enough for a two-file package. */
function ustar(files: { name: string; bytes: Uint8Array; mode: number }[]): Uint8Array {
  const blocks: Uint8Array[] = [];
  const encoder = new TextEncoder();
  for (const file of files) {
    const header = new Uint8Array(512);
    const put = (offset: number, length: number, value: string) => header.set(encoder.encode(value).subarray(0, length), offset);
    const octal = (offset: number, length: number, value: number) => put(offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
    if (encoder.encode(file.name).length > 100) throw new Error(`${file.name}: name too long for this writer`);
    put(0, 100, file.name);
    octal(100, 8, file.mode);
    octal(108, 8, 0);
    octal(116, 8, 0);
    octal(124, 12, file.bytes.length);
    octal(136, 12, MTIME);
    put(148, 8, "        ");
    put(156, 1, "0");
    put(257, 6, "ustar\0");
    put(263, 2, "00");
    let sum = 0;
    for (const byte of header) sum += byte;
    put(148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
    blocks.push(header, file.bytes, new Uint8Array((512 - (file.bytes.length % 512)) % 512));
  }
  blocks.push(new Uint8Array(1024));
  const out = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let o = 0;
  for (const b of blocks) {
    out.set(b, o);
    o += b.length;
  }
  return out;
}

/** GET/HEAD of the script or the package: public (the CLI is no secret), revalidated by ETag. */
export async function cliFileResponse(request: Request, which: "script" | "tarball"): Promise<Response> {
  const artifacts = await cliArtifacts();
  const bytes = artifacts[which];
  const etag = `"${sha256Hex(bytes)}"`;
  const headers = new Headers({ ETag: etag, "Cache-Control": "public, no-cache", "X-Content-Type-Options": "nosniff" });
  if (ifNoneMatchHits(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", which === "script" ? "text/javascript; charset=utf-8" : "application/gzip");
  headers.set("Content-Disposition", attachmentDisposition(which === "script" ? CLI_FILE : `${CLI_PACKAGE}.tgz`));
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(request.method === "HEAD" ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
}
