// How `npm start`'s preparation hands its results to server/start.sh: shell assignments the
// script reads with `.`, every value single-quoted so that a path with spaces, quotes or `$(...)`
// stays one value and nothing in it runs.

const quote = (value: string | number) => `'${String(value).replaceAll("'", `'\\''`)}'`;

export function startPlan(plan: { port: number; hostname: string; database: string }): string {
  return Object.entries(plan)
    .map(([name, value]) => `${name}=${quote(value)}\n`)
    .join("");
}
