"use client";
import { useEffect } from "react";
import { useRouter } from "next/navigation";

const POLL_MS = 2000;

/** While a sync runs, re-render the page's server components every 2 s, so its outcome shows when it ends. */
export function RefreshWhileRunning({ running }: { running: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => router.refresh(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [running, router]);
  return null;
}
