// glibc's malloc hands freed memory back to the system only from the top of its heap; pages freed
// in the middle stay in the process until malloc_trim(3) is called. A server's responses allocate
// and free many buffers between longer-lived allocations, so after bench:load glibc held 73-75 MB
// of main-arena memory of which heaptrack found about 57 MB in use. Node 26's node:ffi can call
// malloc_trim, so the server does, every 2 s on the main thread (in a server after a few hundred
// pages: 0.46 ms a call at the median, 2.6 ms at most): the arena went to 49-61 MB and the server
// 30-40 MB smaller (bench:load, 360-370 MB against 393-398 MB). Where that cannot be done
// (Node before 26, another C library, FFI refused by the permission model or turned off with
// --no-experimental-ffi) nothing happens.

/**
 * Calls glibc's malloc_trim(0) every `intervalMs` (timer unref'd) when node:ffi and glibc are
 * there. Answers whether it will.
 * @param {number} intervalMs
 * @param {{ importFfi?: () => Promise<any>, glibc?: boolean }} [seams] for tests
 * @returns {Promise<{ trimming: boolean, trim?: () => number, stop: () => void }>}
 */
export async function trimMallocPeriodically(intervalMs, seams = {}) {
  const glibc = seams.glibc ?? Boolean(/** @type {any} */ (process.report?.getReport?.())?.header?.glibcVersionRuntime);
  if (!glibc) return { trimming: false, stop: () => {} };
  let ffi;
  // Loading node:ffi prints an ExperimentalWarning: it is expected here, and only that one is kept quiet.
  const emitWarning = process.emitWarning;
  process.emitWarning = /** @type {typeof process.emitWarning} */ (
    (warning, ...rest) => (/\bFFI\b/.test(String(warning)) ? undefined : emitWarning.call(process, warning, .../** @type {[any]} */ (rest)))
  );
  try {
    ffi = await (seams.importFfi ?? (() => import("node:ffi")))();
  } catch {
    return { trimming: false, stop: () => {} };
  } finally {
    process.emitWarning = emitWarning;
  }
  /** @type {() => number} */
  let trim;
  try {
    const { functions } = ffi.dlopen("libc.so.6", { malloc_trim: { arguments: ["uint64"], return: "int32" } });
    trim = () => functions.malloc_trim(0n);
    trim();
  } catch {
    return { trimming: false, stop: () => {} };
  }
  const timer = setInterval(() => {
    try {
      trim();
    } catch {
      clearInterval(timer);
    }
  }, intervalMs);
  timer.unref();
  return { trimming: true, trim, stop: () => clearInterval(timer) };
}
