/** A moment as the console shows it: UTC to the minute, the same on every admin's screen and in exports. */
export function When({ date, fallback = "never" }: { date: Date | null; fallback?: string }) {
  if (!date) return <span className="text-muted-foreground">{fallback}</span>;
  const iso = date.toISOString();
  return <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`}</time>;
}
