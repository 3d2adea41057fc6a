/** `compactOnPhone`: below the sm breakpoint only the mark shows (the name stays for screen readers). */
export function Logo({ compactOnPhone = false }: { compactOnPhone?: boolean }) {
  return (
    <span className="flex items-center gap-2 text-[15px] font-semibold tracking-tight">
      <svg viewBox="0 0 24 24" aria-hidden className="size-6 text-primary" fill="none">
        <rect x="3" y="3" width="18" height="18" rx="5" className="fill-primary" />
        <path d="M7.5 8.5h3v8h-3zM11.5 7h2.5v9.5h-2.5z" className="fill-primary-foreground" />
        <path d="m15 8.2 2.3-.6 2.1 8.1-2.3.6z" className="fill-primary-foreground/80" transform="translate(-1.6 0.3)" />
        <path d="M6.5 17.5h11" stroke="currentColor" className="stroke-primary-foreground" strokeWidth="1.4" strokeLinecap="round" />
      </svg>
      <span className={compactOnPhone ? "max-sm:sr-only" : undefined}>Skillshelf</span>
    </span>
  );
}
