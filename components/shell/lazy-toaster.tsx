"use client";
import { useEffect, useState, type ComponentType } from "react";

// Toasts only ever follow something the user did (a dialog's save, a delete), never the first
// paint, so sonner (about 10 KB gzipped) loads right after hydration instead of in every page's
// first-load JS. A plain dynamic import is lighter than next/dynamic, whose loader would itself
// join the first load. It shares the sonner module that `toast()` callers import, so their toasts
// reach this Toaster.
export function LazyToaster() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    void import("@/components/ui/toaster").then((mod) => {
      if (live) setToaster(() => mod.Toaster);
    });
    return () => {
      live = false;
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
