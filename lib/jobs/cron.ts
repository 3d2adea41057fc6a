import cronParser from "cron-parser";

/** The next time (ms since the epoch) a five-field UTC cron expression fires after `after`; throws on a bad expression. */
export function nextFire(cron: string, after: Date): number {
  if (cron.trim().split(/\s+/).length !== 5) throw new Error(`Cron expression "${cron}" must have five fields (minute hour day month weekday).`);
  return cronParser.parseExpression(cron, { currentDate: after, tz: "UTC" }).next().getTime();
}
