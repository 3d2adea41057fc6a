import { describe, expect, it } from "vitest";
import { rememberVerified } from "../lib/auth/verified-credentials.mjs";
import { clientKey, createAdmission, laneFor, type Timers } from "./admission.mjs";

/** Timers the test fires by hand: a lease ends when the test says so. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: Timers = {
    set: (fn) => {
      pending.set(++next, fn);
      return next;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  return { timers, fireAll: () => [...pending.values()].forEach((fn) => fn()), pending };
}

describe("laneFor", () => {
  it("puts reads and writes in their own lanes and lets static files through", () => {
    expect(laneFor("GET", "/skills")).toBe("read");
    expect(laneFor("HEAD", "/skills/abc")).toBe("read");
    expect(laneFor("POST", "/api/v1/skills")).toBe("write");
    expect(laneFor("POST", "/skills/abc")).toBe("write"); // a server action
    expect(laneFor("DELETE", "/api/v1/tokens/x")).toBe("write");
    expect(laneFor("GET", "/_next/static/chunks/app.js")).toBeNull();
    expect(laneFor("GET", "/favicon.ico")).toBeNull();
  });
});

describe("createAdmission", () => {
  it("runs up to the lane's slots at once and the rest in arrival order as slots free up", () => {
    const { timers } = manualTimers();
    const admission = createAdmission({ slots: { read: 2, write: 1 }, maxQueued: 10, maxQueuedPerClient: 10, leaseMs: 1000, timers });
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    for (const name of ["a", "b", "c", "d"]) admission.enter("read", "c", (release) => (started.push(name), releases.set(name, release)));
    expect(started).toEqual(["a", "b"]);
    expect(admission.stats().read).toEqual({ active: 2, queued: 2 });
    releases.get("b")!();
    releases.get("b")!(); // releasing twice frees one slot only
    expect(started).toEqual(["a", "b", "c"]);
    expect(admission.stats().read).toEqual({ active: 2, queued: 1 });
    releases.get("a")!();
    releases.get("c")!();
    releases.get("d")!();
    expect(started).toEqual(["a", "b", "c", "d"]);
    expect(admission.stats().read).toEqual({ active: 0, queued: 0 });
  });

  it("keeps the lanes apart: a full write lane does not hold up reads", () => {
    const { timers } = manualTimers();
    const admission = createAdmission({ slots: { read: 1, write: 1 }, maxQueued: 10, maxQueuedPerClient: 10, leaseMs: 1000, timers });
    const started: string[] = [];
    admission.enter("write", "c", () => started.push("w1"));
    admission.enter("write", "c", () => started.push("w2"));
    admission.enter("read", "c", () => started.push("r1"));
    expect(started).toEqual(["w1", "r1"]);
  });

  it("gives a slot to the next in line when a lease ends, while the long request goes on", () => {
    const { timers, fireAll } = manualTimers();
    const admission = createAdmission({ slots: { read: 1, write: 1 }, maxQueued: 10, maxQueuedPerClient: 10, leaseMs: 1000, timers });
    const started: string[] = [];
    let releaseSlow = () => {};
    admission.enter("write", "c", (release) => (started.push("slow upload"), (releaseSlow = release)));
    admission.enter("write", "c", () => started.push("next"));
    expect(started).toEqual(["slow upload"]);
    fireAll(); // the slow upload's lease ends
    expect(started).toEqual(["slow upload", "next"]);
    releaseSlow(); // its end later does not free a second slot
    expect(admission.stats().write).toEqual({ active: 1, queued: 0 });
  });

  it("drops a waiting request whose client went away, and refuses past the queue's bound", () => {
    const { timers } = manualTimers();
    const admission = createAdmission({ slots: { read: 1, write: 1 }, maxQueued: 2, maxQueuedPerClient: 10, leaseMs: 1000, timers });
    const started: string[] = [];
    let releaseFirst = () => {};
    admission.enter("read", "c", (release) => (started.push("first"), (releaseFirst = release)));
    const gone = admission.enter("read", "c", () => started.push("gone"));
    admission.enter("read", "c", () => started.push("third"));
    expect(admission.enter("read", "c", () => started.push("fourth"))).toBeNull();
    gone!.cancel();
    releaseFirst();
    expect(started).toEqual(["first", "third"]);
  });

  it("takes turns between clients: one client's burst waits behind each other client's next request", () => {
    const { timers } = manualTimers();
    const admission = createAdmission({ slots: { read: 1, write: 1 }, maxQueued: 100, maxQueuedPerClient: 100, leaseMs: 1000, timers });
    const started: string[] = [];
    const releases: Array<() => void> = [];
    const enter = (client: string, name: string) => admission.enter("read", client, (release) => (started.push(name), releases.push(release)));
    enter("script", "s1");
    for (const name of ["s2", "s3", "s4"]) enter("script", name);
    enter("alice", "a1");
    enter("bob", "b1");
    enter("alice", "a2");
    while (releases.length) releases.shift()!();
    expect(started).toEqual(["s1", "s2", "a1", "b1", "s3", "a2", "s4"]);
  });

  it("refuses a client past its share of the queue while others still get in", () => {
    const { timers } = manualTimers();
    const admission = createAdmission({ slots: { read: 1, write: 1 }, maxQueued: 100, maxQueuedPerClient: 2, leaseMs: 1000, timers });
    admission.enter("read", "script", () => {});
    expect(admission.enter("read", "script", () => {})).not.toBeNull();
    expect(admission.enter("read", "script", () => {})).not.toBeNull();
    expect(admission.enter("read", "script", () => {})).toBeNull();
    expect(admission.enter("read", "alice", () => {})).not.toBeNull();
  });
});

describe("clientKey", () => {
  const socket = { remoteAddress: "203.0.113.7" };
  it("is a bearer token or session cookie the app has seen work, else the address", () => {
    rememberVerified({ authorization: "Bearer sks_known" });
    rememberVerified({ cookie: "better-auth.session_token=tok.sig" });
    rememberVerified({ cookie: "__Secure-better-auth.session_token=tok2" });
    const key = (headers: Record<string, string>) => clientKey({ headers, socket });
    expect(key({ authorization: "Bearer sks_known" })).toEqual({ client: expect.stringMatching(/^credential:/), address: "203.0.113.7" });
    expect(key({ cookie: "theme=dark; better-auth.session_token=tok.sig; x=1" }).client).toMatch(/^credential:/);
    expect(key({ cookie: "__Secure-better-auth.session_token=tok2" }).client).toMatch(/^credential:/);
    // A made-up token next to a real session: the session counts.
    expect(key({ authorization: "Bearer made-up", cookie: "better-auth.session_token=tok.sig" })).toEqual(key({ cookie: "better-auth.session_token=tok.sig" }));
    // Distinct credentials are distinct clients; the raw secret is not the key.
    expect(key({ authorization: "Bearer sks_known" }).client).not.toBe(key({ cookie: "better-auth.session_token=tok.sig" }).client);
    expect(key({ authorization: "Bearer sks_known" }).client).not.toContain("sks_known");
    const unknown: Array<Record<string, string>> = [
      { authorization: "Bearer sks_unknown" },
      { cookie: "better-auth.session_token=made.up" },
      { cookie: "theme=dark" },
      {},
    ];
    for (const headers of unknown) {
      expect(key(headers)).toEqual({ client: "address:203.0.113.7", address: "203.0.113.7" });
    }
  });

  it("forgets a credential not seen working for an hour", () => {
    const now = Date.now();
    rememberVerified({ authorization: "Bearer sks_old" }, now - 61 * 60_000);
    expect(clientKey({ headers: { authorization: "Bearer sks_old" }, socket }).client).toBe("address:203.0.113.7");
  });

  it("takes the address from X-Forwarded-For only through a trusted proxy", () => {
    const req = { headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.9" }, socket: { remoteAddress: "::ffff:10.0.0.2" } };
    expect(clientKey(req).address).toBe("10.0.0.2");
    expect(clientKey(req, ["10.0.0.0/8"])).toEqual({ client: "address:198.51.100.9", address: "198.51.100.9" });
  });
});

describe("a flood of made-up credentials", () => {
  const from = (address: string, headers: Record<string, string> = {}) => clientKey({ headers, socket: { remoteAddress: address } });

  it("waits as its one address: 130 invented Authorization headers do not push a real user's page back", () => {
    const { timers } = manualTimers();
    const admission = createAdmission({
      slots: { read: 1, write: 1 },
      maxQueued: 1_000,
      maxQueuedPerClient: 100,
      maxQueuedPerAddress: 300,
      leaseMs: 1000,
      timers,
    });
    const started: string[] = [];
    const releases: Array<() => void> = [];
    const enter = (who: ReturnType<typeof clientKey>, name: string) => admission.enter("read", who, (release) => (started.push(name), releases.push(release)));
    rememberVerified({ cookie: "better-auth.session_token=alice.session" });
    const admitted = Array.from({ length: 130 }, (_, i) => enter(from("198.51.100.66", { authorization: `Bearer sks_madeup${i}` }), `junk ${i}`));
    const alice = enter(from("203.0.113.20", { cookie: "better-auth.session_token=alice.session" }), "alice");
    expect(alice).not.toBeNull();
    // One client's share of the queue, however many headers it invents; the rest are refused.
    expect(admitted.filter(Boolean)).toHaveLength(1 + 100);
    while (releases.length) releases.shift()!();
    // The first junk request took the free slot; Alice's turn comes next, not after 100 others.
    expect(started.indexOf("alice")).toBe(2);
  });

  it("bounds one address however many real clients it has", () => {
    const { timers } = manualTimers();
    const admission = createAdmission({ slots: { read: 1, write: 1 }, maxQueued: 1_000, maxQueuedPerClient: 2, maxQueuedPerAddress: 5, leaseMs: 1000, timers });
    admission.enter("read", from("198.51.100.66"), () => {});
    const results = Array.from({ length: 6 }, (_, i) => {
      rememberVerified({ authorization: `Bearer sks_account${i}` });
      return admission.enter("read", from("198.51.100.66", { authorization: `Bearer sks_account${i}` }), () => {});
    });
    expect(results.map((ticket) => ticket !== null)).toEqual([true, true, true, true, true, false]);
    // Another address still gets in, and a cancelled request frees its address's share.
    expect(admission.enter("read", from("203.0.113.20"), () => {})).not.toBeNull();
    results[0]!.cancel();
    expect(admission.enter("read", from("198.51.100.66", { authorization: "Bearer sks_account5" }), () => {})).not.toBeNull();
  });
});
