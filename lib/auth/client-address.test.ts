import { describe, expect, it } from "vitest";
import { clientAddress, isProxyEntry, isTrustedProxy } from "./client-address";

describe("clientAddress", () => {
  it("uses the peer and ignores forwarding headers when no proxy is trusted", () => {
    expect(clientAddress({ peer: "203.0.113.7", forwardedFor: "1.2.3.4", realIp: "5.6.7.8" }, [])).toBe("203.0.113.7");
  });

  it("believes forwarding headers hop by hop only from trusted proxies", () => {
    const proxies = ["10.0.0.0/8", "127.0.0.1"];
    // A forged leftmost entry is never reached: the first untrusted hop is the client.
    expect(clientAddress({ peer: "127.0.0.1", forwardedFor: "6.6.6.6, 198.51.100.9, 10.1.2.3", realIp: null }, proxies)).toBe("198.51.100.9");
    expect(clientAddress({ peer: "::ffff:127.0.0.1", forwardedFor: null, realIp: "198.51.100.9" }, proxies)).toBe("198.51.100.9");
    expect(clientAddress({ peer: "198.51.100.1", forwardedFor: "6.6.6.6", realIp: null }, proxies)).toBe("198.51.100.1");
  });

  it("puts requests whose peer is unknown in one shared bucket", () => {
    expect(clientAddress({ peer: undefined, forwardedFor: "6.6.6.6", realIp: null }, ["127.0.0.1"])).toBe("unknown");
  });

  it("matches IPv4 CIDRs and exact addresses, and validates entries", () => {
    expect(isTrustedProxy("192.168.1.77", ["192.168.1.0/24"])).toBe(true);
    expect(isTrustedProxy("192.168.2.1", ["192.168.1.0/24"])).toBe(false);
    expect(isTrustedProxy("::1", ["::1"])).toBe(true);
    expect(["10.0.0.0/8", "127.0.0.1", "::1"].every(isProxyEntry)).toBe(true);
    expect(["10.0.0.0/33", "300.1.1.1", "proxy.local", "1.2.3.4/8/1"].some(isProxyEntry)).toBe(false);
  });
});
