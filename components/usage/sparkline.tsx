// Plain SVG, no chart library: drawn by the list's cards (a client component), so it stays small.

/** A list card's last 30 days as a line, decorative: the card states the number in words. */
export function Sparkline({ values, className }: { values: readonly number[]; className?: string }) {
  const max = Math.max(1, ...values);
  const step = 100 / Math.max(1, values.length - 1);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(22 - (v / max) * 20).toFixed(1)}`).join(" ");
  return (
    <svg viewBox="0 0 100 24" preserveAspectRatio="none" aria-hidden className={className ?? "h-5 w-20"}>
      <polyline points={points} fill="none" vectorEffect="non-scaling-stroke" strokeWidth={1.5} className="stroke-indigo-600 dark:stroke-indigo-400" />
    </svg>
  );
}
