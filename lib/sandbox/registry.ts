import { createBubblewrapExecutor, type BubblewrapOptions } from "./bubblewrap";
import type { SkillExecutor } from "./executor";

// Which executor the app runs skill scripts with. One per process: bubblewrap by default, made on
// first use (its availability probe runs once per instance); tests and a container deployment may
// install another.

let current: SkillExecutor | null = null;

/** Installs the executor the app uses from now on (tests; a container executor). null restores the default. */
export function setSkillExecutor(executor: SkillExecutor | null): void {
  current = executor;
}

/** The executor in use; the first call makes the default one with `options` (the bounds of a run). */
export function getSkillExecutor(options?: BubblewrapOptions): SkillExecutor {
  return (current ??= createBubblewrapExecutor(options));
}
