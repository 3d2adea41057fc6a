// Hosts the rules know by name. Isomorphic.

/**
 * Official installers that are documented as `curl ... | sh`. Piping one of these in installation
 * docs is ordinary (a low note); anything else piped into a shell is critical. Entries are a host,
 * optionally with the path prefix that makes them official (raw.githubusercontent.com hosts anyone).
 */
export const KNOWN_INSTALLERS: readonly string[] = [
  "sh.rustup.rs",
  "static.rust-lang.org/rustup",
  "get.docker.com",
  "test.docker.com",
  "raw.githubusercontent.com/homebrew/install/",
  "raw.githubusercontent.com/nvm-sh/nvm/",
  "raw.githubusercontent.com/ohmyzsh/ohmyzsh/",
  "raw.githubusercontent.com/helm/helm/",
  "bun.sh/install",
  "deno.land/install.sh",
  "deno.land/x/install",
  "get.pnpm.io",
  "astral.sh/uv",
  "astral.sh/ruff",
  "install.python-poetry.org",
  "get.sdkman.io",
  "sdk.cloud.google.com",
  "cli.github.com",
  "claude.ai/install.sh",
  "ollama.com/install.sh",
  "tailscale.com/install.sh",
  "fly.io/install.sh",
  "starship.rs/install.sh",
  "cli.vercel.com",
  "vercel.com/install",
  "get.volta.sh",
  "fnm.vercel.app/install",
  "mise.run",
  "pyenv.run",
  "install.determinate.systems",
  "nixos.org/nix/install",
  "get.k3s.io",
  "dot.net/v1/dotnet-install.sh",
  "dotnet.microsoft.com/download/dotnet/scripts",
  "aka.ms/install-azd",
  "packages.microsoft.com",
  "apt.releases.hashicorp.com",
  "rpm.nodesource.com",
  "deb.nodesource.com",
  "supabase.com/install",
  "foundry.paradigm.xyz",
  "opencode.ai/install",
  "community.chocolatey.org/install.ps1",
  "chocolatey.org/install.ps1",
];

/** Services whose purpose is to receive and show arbitrary requests: the classic exfiltration sinks. */
export const EXFIL_SINKS: readonly string[] = [
  "webhook.site",
  "requestbin.com",
  "requestbin.net",
  "requestcatcher.com",
  "pipedream.net",
  "hookbin.com",
  "beeceptor.com",
  "ngrok.io",
  "ngrok-free.app",
  "ngrok.app",
  "ngrok.dev",
  "trycloudflare.com",
  "loca.lt",
  "localtunnel.me",
  "serveo.net",
  "interact.sh",
  "oast.fun",
  "oast.live",
  "oast.me",
  "oast.online",
  "oast.pro",
  "oast.site",
  "burpcollaborator.net",
  "oastify.com",
  "canarytokens.com",
  "dnslog.cn",
  "ceye.io",
  "postb.in",
  "webhook.cool",
];

/** Chat webhooks: a legitimate notification path, and a one-line way to post data outside. */
export const CHAT_WEBHOOKS: readonly RegExp[] = [
  /discord(?:app)?\.com\/api\/webhooks\//i,
  /hooks\.slack\.com\/(?:services|workflows|triggers)\//i,
  /api\.telegram\.org\/bot/i,
  /outlook\.office\.com\/webhook\//i,
  /\.webhook\.office\.com\//i,
];

export const URL_SHORTENERS: readonly string[] = [
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "is.gd",
  "v.gd",
  "ow.ly",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "rb.gy",
  "t.ly",
  "tiny.cc",
  "tr.im",
  "s.id",
  "shorturl.asia",
  "lnkd.in",
  "qrco.de",
];

/** Anonymous paste and file drop sites. */
export const PASTE_SITES: readonly string[] = [
  "pastebin.com",
  "paste.ee",
  "hastebin.com",
  "hastebin.skyra.pw",
  "ghostbin.com",
  "ghostbin.co",
  "rentry.co",
  "rentry.org",
  "dpaste.org",
  "dpaste.com",
  "termbin.com",
  "ix.io",
  "sprunge.us",
  "transfer.sh",
  "0x0.st",
  "file.io",
  "paste.rs",
  "controlc.com",
  "justpaste.it",
  "privatebin.net",
  "temp.sh",
  "bashupload.com",
  "catbox.moe",
];

/** The host (lowercase, no port) and the rest of an http(s) URL, or null when it is not one. */
export function parseUrl(url: string): { host: string; hostAndPath: string } | null {
  const m = /^(?:https?:)?\/\/([^/?#\s"'`)>]+)([^\s"'`)>]*)/i.exec(url);
  if (!m) return null;
  const authority = m[1].toLowerCase();
  const host = authority.slice(authority.lastIndexOf("@") + 1).replace(/:\d+$/, "");
  return { host, hostAndPath: `${host}${m[2].toLowerCase()}` };
}

/** Whether `host` is `domain` or a subdomain of it. */
export function hostIs(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

export const hostIn = (host: string, domains: readonly string[]): boolean => domains.some((d) => hostIs(host, d));

export function isKnownInstaller(hostAndPath: string): boolean {
  return KNOWN_INSTALLERS.some((k) => {
    const slash = k.indexOf("/");
    if (slash === -1) return hostIs(hostAndPath.split("/")[0], k);
    const host = hostAndPath.split("/")[0];
    return hostIs(host, k.slice(0, slash)) && hostAndPath.slice(host.length).startsWith(k.slice(slash));
  });
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** A public IPv4 address (not loopback, private, link-local or unspecified). */
export function isPublicIpv4(host: string): boolean {
  const m = IPV4.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if ([m[1], m[2], m[3], m[4]].some((o) => Number(o) > 255)) return false;
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && b === 168) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  return true;
}
