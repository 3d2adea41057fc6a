"use client";
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { useInBrowser } from "./placeholder";

/**
 * A component loaded in the browser once the page has hydrated, `placeholder` in its place until
 * it has loaded (and in the server's HTML). next/dynamic's `ssr: false` shows the same, but gets
 * there by throwing on the server: an error per instance, with its stack, caught at a Suspense
 * boundary that React then renders again in the browser. The skill list has one per card (its row
 * menu): 0.5-1 ms of server CPU per view of 14 cards.
 */
export function afterHydration<P extends object>(load: () => Promise<ComponentType<P>>, placeholder: () => ReactNode): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function AfterHydration(props: P) {
    const inBrowser = useInBrowser();
    if (!inBrowser) return placeholder();
    return (
      <Suspense fallback={placeholder()}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return AfterHydration;
}
