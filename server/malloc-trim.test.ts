import { afterEach, describe, expect, it, vi } from "vitest";
import { trimMallocPeriodically } from "./malloc-trim.mjs";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A stand-in for node:ffi that counts malloc_trim calls and checks the declared signature. */
function fakeFfi(calls: { n: number }) {
  return {
    dlopen: (library: string, definitions: Record<string, { arguments: string[]; return: string }>) => {
      expect(library).toBe("libc.so.6");
      expect(definitions).toEqual({ malloc_trim: { arguments: ["uint64"], return: "int32" } });
      return {
        functions: {
          malloc_trim: (pad: bigint) => {
            expect(pad).toBe(0n);
            calls.n++;
            return 1;
          },
        },
      };
    },
  };
}

describe("trimMallocPeriodically", () => {
  it("calls malloc_trim(0) at once and then every interval", async () => {
    vi.useFakeTimers();
    const calls = { n: 0 };
    const trimmer = await trimMallocPeriodically(2_000, { glibc: true, importFfi: async () => fakeFfi(calls) });
    expect(trimmer.trimming).toBe(true);
    expect(calls.n).toBe(1);
    vi.advanceTimersByTime(6_000);
    expect(calls.n).toBe(4);
    trimmer.stop();
    vi.advanceTimersByTime(6_000);
    expect(calls.n).toBe(4);
  });

  it("does nothing without glibc, without node:ffi, or when the call cannot be made", async () => {
    const calls = { n: 0 };
    expect((await trimMallocPeriodically(2_000, { glibc: false, importFfi: async () => fakeFfi(calls) })).trimming).toBe(false);
    expect(calls.n).toBe(0);
    const missing = Object.assign(new Error("No such built-in module: node:ffi"), { code: "ERR_UNKNOWN_BUILTIN_MODULE" });
    expect((await trimMallocPeriodically(2_000, { glibc: true, importFfi: () => Promise.reject(missing) })).trimming).toBe(false);
    const refused = {
      dlopen: () => {
        throw new Error("Access to this API has been restricted");
      },
    };
    expect((await trimMallocPeriodically(2_000, { glibc: true, importFfi: async () => refused })).trimming).toBe(false);
  });

  it("keeps node:ffi's experimental warning quiet, and only that one", async () => {
    const emitted: string[] = [];
    const listener = (warning: Error) => emitted.push(warning.message);
    process.on("warning", listener);
    try {
      const trimmer = await trimMallocPeriodically(2_000, {
        glibc: true,
        importFfi: async () => {
          process.emitWarning("FFI is an experimental feature and might change at any time", "ExperimentalWarning");
          process.emitWarning("something else", "ExperimentalWarning");
          return fakeFfi({ n: 0 });
        },
      });
      trimmer.stop();
      await new Promise((resolve) => setImmediate(resolve));
      expect(emitted).toEqual(["something else"]);
      process.emitWarning("FFI after the import");
      await new Promise((resolve) => setImmediate(resolve));
      expect(emitted).toEqual(["something else", "FFI after the import"]);
    } finally {
      process.off("warning", listener);
    }
  });

  it.runIf(process.platform === "linux" && Number(process.versions.node.split(".")[0]) >= 26)("trims for real on Node 26 with glibc", async () => {
    const trimmer = await trimMallocPeriodically(60_000);
    trimmer.stop();
    expect(trimmer.trimming).toBe(true);
    expect([0, 1]).toContain(trimmer.trim!());
  });
});
