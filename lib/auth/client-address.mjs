// Which address a request came from, for rate limiting and the production server's admission.
// Forwarding headers are written by whoever sent the request, so they are believed only hop by hop
// from the peer inward while each hop is a configured proxy; with no proxies configured the peer
// (socket) address is the answer. Plain JavaScript because two processes' worth of code use it:
// the app (through client-address.ts) and server/serve.mjs, which runs without a build
// step. Types: client-address.d.mts.

/**
 * The header instrumentation.ts stamps on every request with the socket's remote address,
 * overwriting whatever a client sent under that name (Next itself exposes no peer address).
 */
export const PEER_HEADER = "x-skillshelf-peer";

/**
 * TRUSTED_PROXIES's entries: a comma-separated list, blanks ignored (lib/env.ts checks each entry).
 * @param {string} value
 */
export function proxyEntries(value) {
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** @param {string} ip */
function ipv4ToNumber(ip) {
  const parts = ip.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/**
 * An address as the socket reports it: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) becomes plain IPv4.
 * @param {string} address
 */
export function normalizeAddress(address) {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  return mapped ? mapped[1] : trimmed;
}

/**
 * Whether `entry` (an address, or an IPv4 CIDR such as 10.0.0.0/8) is a valid TRUSTED_PROXIES item.
 * @param {string} entry
 */
export function isProxyEntry(entry) {
  const [ip, bits, extra] = entry.split("/");
  if (extra !== undefined) return false;
  if (bits === undefined) return ipv4ToNumber(ip) !== undefined || /^[0-9a-f:]+$/i.test(ip);
  return ipv4ToNumber(ip) !== undefined && /^\d{1,2}$/.test(bits) && Number(bits) <= 32;
}

/** @param {string} address @param {readonly string[]} proxies */
export function isTrustedProxy(address, proxies) {
  const ip = normalizeAddress(address);
  return proxies.some((entry) => {
    const [base, bits] = entry.split("/");
    if (bits === undefined) return normalizeAddress(base) === ip;
    const n = ipv4ToNumber(ip);
    const b = ipv4ToNumber(base);
    if (n === undefined || b === undefined) return false;
    const mask = Number(bits) === 0 ? 0 : (0xffffffff << (32 - Number(bits))) >>> 0;
    return (n & mask) >>> 0 === (b & mask) >>> 0;
  });
}

/**
 * The client address: start at the peer; while the current hop is a trusted proxy, step to the
 * address it says it forwarded for (X-Forwarded-For, read right to left; X-Real-IP when that is
 * absent). `peer` undefined means the server could not say, and every such request shares a key.
 * @param {{ peer: string | undefined, forwardedFor: string | null, realIp: string | null }} input
 * @param {readonly string[]} proxies
 */
export function clientAddress(input, proxies) {
  let current = input.peer ? normalizeAddress(input.peer) : "unknown";
  if (current === "unknown") return current;
  const hops = (input.forwardedFor ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0 && input.realIp) hops.push(input.realIp.trim());
  while (isTrustedProxy(current, proxies) && hops.length > 0) current = normalizeAddress(/** @type {string} */ (hops.pop()));
  return current;
}

/**
 * The client address of a request, from the peer stamp and forwarding headers (see clientAddress).
 * @param {{ get: (name: string) => string | null } | undefined} headers
 * @param {readonly string[]} proxies
 */
export function requestAddress(headers, proxies) {
  return clientAddress(
    { peer: headers?.get(PEER_HEADER) ?? undefined, forwardedFor: headers?.get("x-forwarded-for") ?? null, realIp: headers?.get("x-real-ip") ?? null },
    proxies,
  );
}
