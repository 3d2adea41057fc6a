// zod 4 tests whether it may compile parsers by calling `new Function("")` the first time it
// parses; the app's CSP (no 'unsafe-eval', lib/http/security-headers.ts) refuses that and the
// browser reports a violation for every page that validates a form. jitless skips the probe.
// zod reads this global object whenever it loads, so it works before or after zod is imported.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
