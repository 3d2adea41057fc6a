import { networkInterfaces } from "node:os";
import { describe, expect, test } from "vitest";
import { blockedAddressReason, checkSourceUrl, plainHttpTokenRefusal } from "./url";

const remote = { allowFile: false, allowLocal: false };

async function refusal(url: string, options = remote): Promise<string> {
  const result = await checkSourceUrl(url, options);
  if (result.ok) throw new Error(`${url} was accepted`);
  return result.message;
}

describe("checkSourceUrl", () => {
  test("accepts https, http, ssh and scp-form URLs on public and private addresses, trimmed, with the host", async () => {
    const cases: [string, string][] = [
      ["https://93.184.215.14/team/skills.git", "93.184.215.14"],
      ["  http://10.1.2.3/team/skills  ", "10.1.2.3"],
      ["https://oauth2@172.16.0.9/team/skills.git", "172.16.0.9"],
      ["ssh://git@192.168.1.20:2222/team/skills.git", "192.168.1.20"],
      ["git+ssh://git@192.168.1.20/team/skills.git", "192.168.1.20"],
      ["git@192.168.1.20:team/skills.git", "192.168.1.20"],
      ["https://[2606:4700::6810:84e5]/team/skills.git", "2606:4700::6810:84e5"],
    ];
    for (const [url, host] of cases) expect(await checkSourceUrl(url, remote)).toEqual({ ok: true, url: url.trim(), host });
  });

  test("file:// only when allowed, and never with a host", async () => {
    expect(await refusal("file:///srv/git/skills.git")).toContain("instance admins only");
    expect(await checkSourceUrl("file:///srv/git/skills.git", { allowFile: true, allowLocal: false })).toEqual({
      ok: true,
      url: "file:///srv/git/skills.git",
      host: null,
    });
    expect(await refusal("file://fileserver/srv/git/skills.git", { allowFile: true, allowLocal: false })).toContain("cannot name a host");
    expect(await refusal("/srv/git/skills.git", { allowFile: true, allowLocal: false })).toContain("file:// URL");
  });

  test("refuses passwords, other schemes, transports and control characters, naming the problem", async () => {
    expect(await refusal("https://deploy:s3cret@10.0.0.5/team/skills.git")).toBe("The URL contains a password; put the token in the token field instead");
    expect(await refusal("ext::sh -c touch% /tmp/pwned")).toContain('git transport ("transport::address")');
    expect(await refusal("fd::17/foo")).toContain("git transport");
    expect(await refusal("git://10.0.0.5/skills.git")).toContain("git:// is unauthenticated");
    expect(await refusal("ftp://10.0.0.5/skills.git")).toBe('The URL scheme "ftp" is not allowed; use https://, http://, ssh:// or git@host:path');
    expect(await refusal("https://10.0.0.5/skills\n.git")).toBe("The URL contains a control character");
    expect(await refusal("ssh://-oProxyCommand=touch%20x/skills.git")).toContain('may not start with "-"');
    expect(await refusal("-oProxyCommand=x:skills.git")).toContain('may not start with "-"');
    expect(await refusal("skills.git")).toContain("must start with https://");
    expect(await refusal("")).toBe("Enter the repository's URL");
  });

  test("refuses loopback, link-local, unspecified and metadata hosts unless local hosts are allowed", async () => {
    const cases: [string, string][] = [
      ["https://127.0.0.1/skills.git", "a loopback address"],
      ["http://localhost:3000/skills.git", "a loopback address"],
      ["https://[::1]/skills.git", "a loopback address"],
      ["https://[::ffff:127.0.0.1]/skills.git", "a loopback address"],
      ["http://0x7f.1/skills.git", "a loopback address"], // WHATWG URL normalises it to 127.0.0.1
      ["ssh://2130706433/skills.git", "a loopback address"], // ssh:// hosts are not normalised; the resolver reads the number
      ["git@127.0.0.1:skills.git", "a loopback address"],
      ["http://169.254.169.254/latest/meta-data", "the cloud metadata address"],
      ["http://169.254.10.1/skills.git", "a link-local address"],
      ["https://[fe80::1]/skills.git", "a link-local address"],
      ["https://0.0.0.0/skills.git", "an unspecified address"],
    ];
    for (const [url, reason] of cases) {
      expect({ url, message: await refusal(url) }).toEqual({ url, message: expect.stringContaining(reason) });
      expect(await checkSourceUrl(url, { allowFile: false, allowLocal: true })).toMatchObject({ ok: true });
    }
  });

  test("blockedAddressReason judges every address family it may meet", () => {
    expect(blockedAddressReason("10.0.0.1")).toBeNull();
    expect(blockedAddressReason("192.168.0.1")).toBeNull();
    expect(blockedAddressReason("172.31.255.255")).toBeNull();
    expect(blockedAddressReason("8.8.8.8")).toBeNull();
    expect(blockedAddressReason("fd00:ec2::254")).toBe("the cloud metadata address");
    expect(blockedAddressReason("::")).toBe("an unspecified address (this server)");
    expect(blockedAddressReason("febf::1")).toBe("a link-local address");
    expect(blockedAddressReason("fec0::1")).toBeNull();
  });
});

test("IPv4-mapped IPv6 addresses are judged as their IPv4 address, in either notation", () => {
  expect(blockedAddressReason("::ffff:127.0.0.1")).toBe("a loopback address (this server)");
  expect(blockedAddressReason("::ffff:7f00:1")).toBe("a loopback address (this server)");
  expect(blockedAddressReason("0:0:0:0:0:ffff:a9fe:a9fe")).toBe("the cloud metadata address");
  expect(blockedAddressReason("::ffff:a00:1")).toBeNull(); // 10.0.0.1
});

describe("plainHttpTokenRefusal", () => {
  test("refuses a token over plain http:// naming the URL, except to a loopback host when local hosts are allowed", () => {
    const message = (url: string) => `A deploy token is never sent over plain http:// (${url}); use the repository's https:// URL`;
    for (const url of ["https://git.example.com/team/skills.git", "ssh://git@git.example.com/skills.git", "git@git.example.com:skills.git"]) {
      expect(plainHttpTokenRefusal(url, { allowLocal: false })).toBeNull();
    }
    for (const url of ["http://git.example.com/team/skills.git", "HTTP://10.1.2.3/skills", "http://127.0.0.1:8080/skills.git"]) {
      expect(plainHttpTokenRefusal(url, { allowLocal: false })).toBe(message(url));
    }
    for (const url of ["http://127.0.0.1:8080/skills.git", "http://localhost/skills.git", "http://[::1]/skills.git"]) {
      expect(plainHttpTokenRefusal(url, { allowLocal: true })).toBeNull();
    }
    // A private address is someone else's machine on the network: still refused.
    expect(plainHttpTokenRefusal("http://10.1.2.3/skills", { allowLocal: true })).toBe(message("http://10.1.2.3/skills"));
  });
});

test("NAT64 and 6to4 addresses are judged by the IPv4 address they carry", () => {
  expect(blockedAddressReason("64:ff9b::7f00:1")).toBe("a loopback address (this server) (64:ff9b::7f00:1 carries 127.0.0.1)");
  expect(blockedAddressReason("64:ff9b::127.0.0.1")).toBe("a loopback address (this server) (64:ff9b::127.0.0.1 carries 127.0.0.1)");
  expect(blockedAddressReason("64:ff9b::a9fe:a9fe")).toBe("the cloud metadata address (64:ff9b::a9fe:a9fe carries 169.254.169.254)");
  expect(blockedAddressReason("64:ff9b:0:0:0:0:a9fe:1")).toBe("a link-local address (64:ff9b:0:0:0:0:a9fe:1 carries 169.254.0.1)");
  expect(blockedAddressReason("2002:7f00:1::")).toBe("a loopback address (this server) (2002:7f00:1:: carries 127.0.0.1)");
  expect(blockedAddressReason("2002:a9fe:a9fe::1")).toBe("the cloud metadata address (2002:a9fe:a9fe::1 carries 169.254.169.254)");
  expect(blockedAddressReason("::7f00:1")).toBe("a loopback address (this server) (::7f00:1 carries 127.0.0.1)"); // IPv4-compatible
  expect(blockedAddressReason("64:ff9b::808:808")).toBeNull(); // 8.8.8.8 through a NAT64 gateway
  expect(blockedAddressReason("2002:a00:1::1")).toBeNull(); // 10.0.0.1's 6to4 site
});

test("refuses the URL forms of NAT64 and 6to4 loopback unless local hosts are allowed", async () => {
  for (const url of ["https://[64:ff9b::7f00:1]/skills.git", "https://[2002:7f00:1::]/skills.git", "ssh://git@[64:ff9b::a9fe:a9fe]/skills.git"]) {
    expect({ url, message: await refusal(url) }).toEqual({ url, message: expect.stringMatching(/loopback|metadata/) });
    expect(await checkSourceUrl(url, { allowFile: false, allowLocal: true })).toMatchObject({ ok: true });
  }
});

test("refuses this machine's own addresses, on any interface and carried in NAT64 or 6to4, unless local hosts are allowed", async () => {
  const own = { allowFile: false, allowLocal: false, ownAddresses: ["192.0.2.2", "fd00::2", "fe80::fc:ff:fe00:1%eth0"] };
  expect(await refusal("https://192.0.2.2/skills.git", own)).toBe(
    "The host 192.0.2.2 resolves to 192.0.2.2, an address of this server, which sources may not fetch from",
  );
  expect(await refusal("https://[fd00:0:0:0::2]/skills.git", own)).toContain("an address of this server");
  expect(await refusal("https://[64:ff9b::c000:202]/skills.git", own)).toContain("an address of this server (64:ff9b::c000:202 carries 192.0.2.2)");
  expect(await refusal("https://[2002:c000:202::1]/skills.git", own)).toContain("an address of this server");
  expect(await checkSourceUrl("https://192.0.2.3/skills.git", own)).toMatchObject({ ok: true });
  expect(await checkSourceUrl("https://192.0.2.2/skills.git", { ...own, allowLocal: true })).toMatchObject({ ok: true });

  // By default the machine's real interfaces: every non-loopback address it has is refused too.
  const real = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .filter((entry) => !entry.internal && !entry.address.startsWith("fe80"));
  for (const { address, family } of real) {
    const host = family === "IPv6" ? `[${address}]` : address;
    expect(await refusal(`https://${host}/skills.git`)).toContain("an address of this server");
  }
});
