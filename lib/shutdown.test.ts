import { describe, expect, it } from "vitest";
import { isShuttingDown, onShutdown, runShutdownHooks } from "./shutdown.mjs";

describe("the shutdown hooks", () => {
  it("end the work first, then the connections, each hook once, and a hook that hangs does not hold the rest", async () => {
    const events: string[] = [];
    const later = (ms: number, event: string) => () => new Promise<void>((resolve) => setTimeout(() => (events.push(event), resolve()), ms));
    onShutdown("the database", later(0, "database closed"), "close");
    onShutdown("the jobs", later(30, "jobs stopped"));
    onShutdown("a stuck queue", () => new Promise(() => {}));
    onShutdown("a broken scheduler", () => {
      throw new Error("scheduler exploded");
    });
    const log: string[] = [];
    expect(isShuttingDown()).toBe(false);
    await runShutdownHooks({ timeoutMs: 100, log: (line) => log.push(line) });
    expect(isShuttingDown()).toBe(true);
    expect(events).toEqual(["jobs stopped", "database closed"]);
    expect(log.sort()).toEqual(["Shutdown: a broken scheduler scheduler exploded", "Shutdown: a stuck queue did not finish within 100 ms"]);
    await runShutdownHooks({ timeoutMs: 100 });
    expect(events).toHaveLength(2);
  });

  it("share one state across copies of the module (the app's bundle has its own)", async () => {
    const copy = await import(/* @vite-ignore */ `./shutdown.mjs?copy=${Date.now()}`);
    expect(copy.isShuttingDown).not.toBe(isShuttingDown);
    expect(copy.isShuttingDown()).toBe(true);
  });
});
