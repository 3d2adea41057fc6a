"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False on the server and while hydrating, true after. A loading skeleton is drawn only in the
 * browser: on a client navigation it shows at once, while a full page load would otherwise render
 * it into the HTML only to swap it out a few milliseconds later when the page's data arrives
 * (issue 44: the skill list sent 155 skeleton blocks per view).
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** A busy region (labelled for screen readers) whose skeleton is drawn only in the browser. */
export function Placeholder({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  const inBrowser = useInBrowser();
  return (
    <div aria-busy="true" aria-label={label} className={className}>
      {inBrowser ? children : null}
    </div>
  );
}
