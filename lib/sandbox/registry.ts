import type { SkillExecutor } from "./executor";

// Which executor the app runs skill scripts with. One per process: bubblewrap by default (set by
// the module that implements it); tests and a container deployment may install another.

let current: SkillExecutor | null = null;

/** Installs the executor the app uses from now on (tests; a container executor). */
export function setSkillExecutor(executor: SkillExecutor | null): void {
  current = executor;
}

const missing: SkillExecutor = {
  name: "none",
  availability: async () => ({
    available: false,
    executor: "none",
    reason: "No sandbox executor is configured on this server.",
    remedy: "Install bubblewrap (apt-get install bubblewrap) and restart the app.",
  }),
  createWorkspace: () => Promise.reject(new Error("No sandbox executor is configured on this server.")),
};

export function getSkillExecutor(): SkillExecutor {
  return current ?? missing;
}
