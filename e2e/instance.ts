// Where this run's server lives. E2E_PORT lets several checkouts (or two people in one checkout)
// run browser tests side by side: each port gets its own database, results folder and build.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
const suffix = process.env.E2E_PORT ? `-${E2E_PORT}` : "";
export const E2E_DATABASE = `e2e/.tmp/e2e${suffix}.db`;
export const E2E_OUTPUT_DIR = `./test-results/e2e${suffix}`;
