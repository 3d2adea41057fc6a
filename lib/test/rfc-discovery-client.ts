import { createHash } from "node:crypto";
import { unzipSync } from "fflate";

// A client of the Agent Skills Discovery RFC v0.2.0 written from the RFC's text alone (sections
// "Discovery Index", "Integrity and Verification", "Archive Distribution", "Client
// Implementation"), for tests: it reads only the fields the RFC defines, uses no code of this app
// (fflate unpacks ZIPs), and throws on anything the RFC says a client MUST reject.

export const RFC_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";
const NAME = /^(?!-)(?!.*--)[a-z0-9-]{1,64}(?<!-)$/;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const MAX_UNPACKED = 50 * 1024 * 1024;

export interface RfcSkill {
  name: string;
  type: "skill-md" | "archive";
  description: string;
  url: string;
  digest: string;
  /** What the artifact unpacked to: path → bytes, SKILL.md at the root. */
  files: Map<string, Uint8Array>;
  contentType: string;
}

export interface RfcDiscovery {
  skills: RfcSkill[];
  /** Entries skipped as the RFC says (unknown type), with why. */
  skipped: string[];
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export async function discover(indexUrl: string, headers: Record<string, string> = {}): Promise<RfcDiscovery> {
  const response = await fetch(indexUrl, { headers });
  if (response.status !== 200) throw new Error(`index answered ${response.status}`);
  if (!/^application\/json\b/.test(response.headers.get("content-type") ?? ""))
    throw new Error(`index content type is ${response.headers.get("content-type")}`);
  const index = (await response.json()) as { $schema?: unknown; skills?: unknown };
  if (index.$schema !== RFC_SCHEMA) throw new Error(`unrecognized $schema ${String(index.$schema)}`);
  if (!Array.isArray(index.skills)) throw new Error("skills is not an array");
  const skills: RfcSkill[] = [];
  const skipped: string[] = [];
  for (const raw of index.skills as Record<string, unknown>[]) {
    const { name, type, description, url, digest } = raw;
    if (typeof name !== "string" || !NAME.test(name)) throw new Error(`invalid name ${String(name)}`);
    if (typeof description !== "string" || description.length > 1024) throw new Error(`${name}: invalid description`);
    if (typeof url !== "string" || typeof digest !== "string" || !DIGEST.test(digest)) throw new Error(`${name}: invalid url or digest`);
    if (type !== "skill-md" && type !== "archive") {
      skipped.push(`${name}: unknown type ${String(type)}`);
      continue;
    }
    // RFC 3986 resolution against the index URL.
    const artifactUrl = new URL(url, indexUrl);
    const artifact = await fetch(artifactUrl, { headers });
    if (artifact.status !== 200) throw new Error(`${name}: artifact answered ${artifact.status}`);
    const bytes = new Uint8Array(await artifact.arrayBuffer());
    if (`sha256:${sha256(bytes)}` !== digest) throw new Error(`${name}: digest mismatch`);
    const contentType = (artifact.headers.get("content-type") ?? "").split(";")[0].trim();
    let files: Map<string, Uint8Array>;
    if (type === "skill-md") {
      if (contentType !== "text/markdown" && contentType !== "text/plain") throw new Error(`${name}: SKILL.md served as ${contentType}`);
      files = new Map([["SKILL.md", bytes]]);
    } else {
      const format =
        contentType === "application/zip" ? "zip" : contentType === "application/gzip" ? "tar.gz" : artifactUrl.pathname.endsWith(".zip") ? "zip" : "tar.gz";
      if (format !== "zip") throw new Error(`${name}: this test client unpacks ZIP only (got ${contentType})`);
      files = unpackZip(bytes);
    }
    if (!files.has("SKILL.md")) throw new Error(`${name}: no SKILL.md at the archive root`);
    skills.push({ name, type, description, url, digest, files, contentType });
  }
  return { skills, skipped };
}

/** Archive safety: no traversal, no absolute paths, no links, a bound on the unpacked size. */
function unpackZip(bytes: Uint8Array): Map<string, Uint8Array> {
  for (const entry of centralDirectory(bytes)) {
    if (entry.name.startsWith("/") || /^[A-Za-z]:/.test(entry.name) || entry.name.split(/[\\/]/).includes("..")) throw new Error(`unsafe path ${entry.name}`);
    const type = entry.mode & 0o170000;
    if (type === 0o120000) throw new Error(`symlink ${entry.name}`);
  }
  let total = 0;
  const entries = unzipSync(bytes, {
    filter: (file) => {
      total += file.originalSize;
      if (total > MAX_UNPACKED) throw new Error("archive too large unpacked");
      return !file.name.endsWith("/");
    },
  });
  return new Map(Object.entries(entries));
}

/** The entries of a ZIP's central directory with their unix modes (the high half of the external attributes). */
export function centralDirectory(bytes: Uint8Array): { name: string; mode: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a ZIP");
  const out: { name: string; mode: number }[] = [];
  let o = view.getUint32(end + 16, true);
  for (let i = 0; i < view.getUint16(end + 10, true); i++) {
    const nameLength = view.getUint16(o + 28, true);
    out.push({ name: new TextDecoder().decode(bytes.subarray(o + 46, o + 46 + nameLength)), mode: view.getUint32(o + 38, true) >>> 16 });
    o += 46 + nameLength + view.getUint16(o + 30, true) + view.getUint16(o + 32, true);
  }
  return out;
}
