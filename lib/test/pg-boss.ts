import pg from "pg";

// Helpers for tests that count what pg-boss schedules send (lib/jobs/pg-boss-queue.ts): its
// cron runs with minute resolution, sending a schedule's job during the minute it names.

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The database clock's time, after waiting for the next minute when less than 20 s of this one are left. */
export function earlyInAMinute(url: string): Promise<Date> {
  return withClient(url, async (client) => {
    const now = async () => (await client.query<{ now: Date }>("SELECT now()")).rows[0].now;
    const time = await now();
    if (time.getUTCSeconds() < 40) return time;
    await new Promise((resolve) => setTimeout(resolve, (61 - time.getUTCSeconds()) * 1000));
    return now();
  });
}

/**
 * Resolves after `count` more checks of the schedules by any instance (pg-boss stamps each in
 * its version table): each check would send a schedule's job again if nothing kept it to once.
 */
export function scheduleChecks(url: string, count: number, schema = "pgboss"): Promise<void> {
  return withClient(url, async (client) => {
    const stamp = async () => (await client.query<{ cron_on: Date | null }>(`SELECT cron_on FROM ${schema}.version`)).rows[0].cron_on?.getTime() ?? 0;
    const seen = new Set([await stamp()]);
    while (seen.size <= count) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen.add(await stamp());
    }
  });
}
