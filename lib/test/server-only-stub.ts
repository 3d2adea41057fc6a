// Stand-in for "server-only" under Vitest, which runs server modules in plain Node.
export {};
