import { describe, expect, it } from "vitest";
import { createAdmission, laneFor, type Timers } from "./admission.mjs";

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
    const admission = createAdmission({ slots: { read: 2, write: 1 }, maxQueued: 10, leaseMs: 1000, timers });
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    for (const name of ["a", "b", "c", "d"]) admission.enter("read", (release) => (started.push(name), releases.set(name, release)));
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
    const admission = createAdmission({ slots: { read: 1, write: 1 }, maxQueued: 10, leaseMs: 1000, timers });
    const started: string[] = [];
    admission.enter("write", () => started.push("w1"));
    admission.enter("write", () => started.push("w2"));
    admission.enter("read", () => started.push("r1"));
    expect(started).toEqual(["w1", "r1"]);
  });

  it("gives a slot to the next in line when a lease ends, while the long request goes on", () => {
    const { timers, fireAll } = manualTimers();
    const admission = createAdmission({ slots: { read: 1, write: 1 }, maxQueued: 10, leaseMs: 1000, timers });
    const started: string[] = [];
    let releaseSlow = () => {};
    admission.enter("write", (release) => (started.push("slow upload"), (releaseSlow = release)));
    admission.enter("write", () => started.push("next"));
    expect(started).toEqual(["slow upload"]);
    fireAll(); // the slow upload's lease ends
    expect(started).toEqual(["slow upload", "next"]);
    releaseSlow(); // its end later does not free a second slot
    expect(admission.stats().write).toEqual({ active: 1, queued: 0 });
  });

  it("drops a waiting request whose client went away, and refuses past the queue's bound", () => {
    const { timers } = manualTimers();
    const admission = createAdmission({ slots: { read: 1, write: 1 }, maxQueued: 2, leaseMs: 1000, timers });
    const started: string[] = [];
    let releaseFirst = () => {};
    admission.enter("read", (release) => (started.push("first"), (releaseFirst = release)));
    const gone = admission.enter("read", () => started.push("gone"));
    admission.enter("read", () => started.push("third"));
    expect(admission.enter("read", () => started.push("fourth"))).toBeNull();
    gone!.cancel();
    releaseFirst();
    expect(started).toEqual(["first", "third"]);
  });
});
