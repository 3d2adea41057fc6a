import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { networkInterfaces } from "node:os";

// Which repository URLs a source may have, checked when a source is saved (and before each fetch by
// the caller): the transports git is allowed, no password in the URL, and no host that is this
// server or its cloud metadata service (a source must not become a way to read them). Private
// ranges stay allowed: company Git servers live there.

export type CheckedSourceUrl = { ok: true; url: string; host: string | null } | { ok: false; message: string };

export interface SourceUrlOptions {
  /** file:// URLs (server-side repositories): instance admins only. */
  allowFile: boolean;
  /** Hosts that resolve to loopback, link-local, metadata or this machine's own addresses (tests, a Git server on the same machine). */
  allowLocal: boolean;
  /** This machine's addresses; by default every interface's (os.networkInterfaces()). */
  ownAddresses?: readonly string[];
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const blocked = new BlockList();
blocked.addSubnet("127.0.0.0", 8, "ipv4"); // loopback
blocked.addSubnet("0.0.0.0", 8, "ipv4"); // "this host", 0.0.0.0 reaches the server itself
blocked.addSubnet("169.254.0.0", 16, "ipv4"); // link-local, 169.254.169.254 is the cloud metadata service
blocked.addAddress("100.100.100.200", "ipv4"); // Alibaba Cloud's metadata service
blocked.addAddress("::1", "ipv6");
blocked.addAddress("::", "ipv6");
blocked.addSubnet("fe80::", 10, "ipv6"); // link-local
blocked.addAddress("fd00:ec2::254", "ipv6"); // AWS metadata over IPv6

/** An IPv6 address as its eight 16-bit groups (a trailing dotted quad read as the last two); null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/%.*$/, "");
  if (isIP(bare) !== 6) return null;
  let text = bare.toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (quad) {
    const [a, b, c, d] = quad.split(".").map(Number);
    text = `${text.slice(0, -quad.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const front = parse(head);
  const back = tail === null ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const dotted = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/**
 * The IPv4 address an IPv6 one carries and reaches: IPv4-mapped (::ffff:0:0/96, the same address to
 * the OS), IPv4-compatible (::/96), NAT64 (64:ff9b::/96, where a NAT64 gateway connects to it) and
 * 6to4 (2002::/16).
 */
function embeddedIPv4(address: string): { ipv4: string; mapped: boolean } | null {
  const g = ipv6Groups(address);
  if (!g) return null;
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return { ipv4: dotted(g[6], g[7]), mapped: true };
  if (zeros(0, 6) && (g[6] !== 0 || g[7] > 1)) return { ipv4: dotted(g[6], g[7]), mapped: false };
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return { ipv4: dotted(g[6], g[7]), mapped: false };
  if (g[0] === 0x2002) return { ipv4: dotted(g[1], g[2]), mapped: false };
  return null;
}

/** An address written one way for comparing (IPv6 as its eight groups, however it was compressed). */
function canonical(address: string): string {
  const groups = ipv6Groups(address);
  return groups ? groups.map((group) => group.toString(16)).join(":") : address;
}

/** This machine's own addresses, every interface (an address of the server reaches the server, loopback or not). */
export function ownAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
}

/**
 * Why an address may not be fetched from, or null. An IPv6 address carrying an IPv4 one (mapped,
 * NAT64, 6to4) is judged as that IPv4 address too; `own` are this machine's addresses.
 */
export function blockedAddressReason(address: string, own: readonly string[] = []): string | null {
  const bare = address.replace(/%.*$/, "");
  const inner = embeddedIPv4(bare);
  const candidates = inner ? [inner.ipv4, bare] : [bare];
  const ownSet = new Set(own.map((ip) => canonical(ip.replace(/%.*$/, ""))));
  const isOwn = (ip: string) => (ownSet.has(canonical(ip)) ? "an address of this server" : null);
  for (const check of [addressRangeReason, isOwn]) {
    for (const ip of candidates) {
      const reason = check(ip);
      if (reason) return ip === inner?.ipv4 && !inner.mapped ? `${reason} (${bare} carries ${ip})` : reason;
    }
  }
  return null;
}

/** Loopback, unspecified, link-local and metadata addresses, by range. */
function addressRangeReason(ip: string): string | null {
  const family = isIP(ip);
  if (family === 0 || !blocked.check(ip, family === 4 ? "ipv4" : "ipv6")) return null;
  if (ip === "169.254.169.254" || ip === "100.100.100.200" || ip.toLowerCase() === "fd00:ec2::254") return "the cloud metadata address";
  if (/^127\./.test(ip) || ip === "::1") return "a loopback address (this server)";
  if (/^0\./.test(ip) || ip === "::") return "an unspecified address (this server)";
  return "a link-local address";
}

const refuse = (message: string): CheckedSourceUrl => ({ ok: false, message });

/**
 * Why a deploy token may not go to `url`, or null: over plain http:// anyone on the path reads it.
 * With `allowLocal` (tests, a Git server on this machine) a loopback host may take it in clear.
 */
export function plainHttpTokenRefusal(url: string, options: { allowLocal: boolean }): string | null {
  if (!/^http:\/\//i.test(url.trim())) return null;
  let host = "";
  try {
    host = new URL(url.trim()).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    // An unparsable URL is refused below like any other plain http:// one.
  }
  const loopback = host === "localhost" || (isIP(host) !== 0 && blockedAddressReason(host)?.startsWith("a loopback") === true);
  if (options.allowLocal && loopback) return null;
  return `A deploy token is never sent over plain http:// (${url.trim()}); use the repository's https:// URL`;
}

/**
 * Accepts https://, http://, ssh:// (also git+ssh://), the scp form git@host:path, and file://
 * with `allowFile`; refuses a password in the URL, any other scheme, git's "transport::address"
 * form (ext:: runs commands), control characters, and (without `allowLocal`) hosts resolving to a
 * loopback, link-local, unspecified or metadata address (every address the name resolves to).
 */
export async function checkSourceUrl(input: string, options: SourceUrlOptions): Promise<CheckedSourceUrl> {
  const url = input.trim();
  if (url === "") return refuse("Enter the repository's URL");
  if (CONTROL.test(url)) return refuse("The URL contains a control character");
  if (/^[a-z0-9+.-]+::/i.test(url))
    return refuse('The URL names a git transport ("transport::address"); only https://, http://, ssh:// and git@host:path URLs are allowed');
  if (/\s/.test(url)) return refuse("The URL contains a space; encode it as %20");
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1].toLowerCase();

  if (scheme === undefined) {
    const scp = /^(?:([^@/:]+)@)?([^@/:]+):(.*)$/.exec(url);
    if (!scp) {
      return refuse(
        url.startsWith("/")
          ? "A path on the server must be written as a file:// URL"
          : "The URL must start with https://, http://, ssh:// or file://, or be git@host:path",
      );
    }
    const [, user, host, repoPath] = scp;
    if (host.startsWith("-") || user?.startsWith("-")) return refuse('The host or user name may not start with "-"');
    if (repoPath === "") return refuse(`The URL names no repository after "${host}:"`);
    return checkHost(url, host, options);
  }

  if (scheme === "file") {
    if (!options.allowFile) return refuse("file:// URLs (repositories on the server's disk) are for instance admins only");
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return refuse("The file:// URL is not valid");
    }
    if (parsed.hostname !== "" && parsed.hostname !== "localhost") return refuse("A file:// URL cannot name a host; write file:///path/to/repository");
    if (parsed.pathname === "/" || parsed.pathname === "") return refuse("The file:// URL names no repository");
    return { ok: true, url, host: null };
  }

  if (!["https", "http", "ssh", "git+ssh", "ssh+git"].includes(scheme)) {
    return refuse(
      scheme === "git"
        ? "git:// is unauthenticated and unencrypted; use https:// or ssh://"
        : `The URL scheme "${scheme}" is not allowed; use https://, http://, ssh:// or git@host:path`,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse("The URL is not valid");
  }
  if (parsed.password !== "") return refuse("The URL contains a password; put the token in the token field instead");
  if (parsed.hostname === "") return refuse("The URL names no host");
  if (parsed.username.startsWith("-") || parsed.hostname.startsWith("-")) return refuse('The host or user name may not start with "-"');
  return checkHost(url, parsed.hostname.replace(/^\[|\]$/g, ""), options);
}

async function checkHost(url: string, host: string, options: SourceUrlOptions): Promise<CheckedSourceUrl> {
  const problem = await outboundHostProblem(host, { ...options, who: "sources may not fetch from" });
  return problem ? refuse(problem.message) : { ok: true, url, host };
}

/**
 * Why the server may not connect to `host` (a name or an address), or null: every address it
 * resolves to is checked, so a public name pointing at loopback or the metadata service is refused
 * (`blocked`), as is a name that does not resolve (not `blocked`: that may pass). Sources and team
 * webhooks share it (`who` ends the message: "which webhooks may not post to").
 */
export async function outboundHostProblem(
  host: string,
  options: {
    allowLocal: boolean;
    /** Lift only loopback and this machine's own addresses (a receiver on the same machine); link-local and metadata stay refused. */
    allowLoopback?: boolean;
    ownAddresses?: readonly string[];
    who: string;
  },
): Promise<{ message: string; blocked: boolean } | null> {
  if (options.allowLocal) return null;
  const bare = host.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (isIP(bare) !== 0) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { message: `The host ${bare} could not be resolved${code ? ` (${code})` : ""}`, blocked: false };
    }
  }
  const own = options.ownAddresses ?? ownAddresses();
  for (const address of addresses) {
    const reason = blockedAddressReason(address, own);
    if (reason && options.allowLoopback && /^(a loopback address|an address of this server)/.test(reason)) continue;
    if (reason) return { message: `The host ${bare} resolves to ${address}, ${reason}, which ${options.who}`, blocked: true };
  }
  return null;
}
