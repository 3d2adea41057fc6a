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
