"use client";
import { useCallback, useEffect, useState } from "react";
import { useRouter } from "next/navigation";

/**
 * While `active`, leaving the page asks first: closing or reloading the tab through the browser's
 * own prompt, following an in-app link through `pending` (the page shows its dialog, then calls
 * `leave` or `stay`). Links marked data-leave-guard="off" (the editor's own preview links) pass.
 */
export function useLeaveGuard(active: boolean) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = "";
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[href]");
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === "_blank" || anchor.hasAttribute("download") || anchor.closest("[data-leave-guard='off']"))
        return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return; // same page (an anchor)
      event.preventDefault();
      event.stopPropagation();
      setPending(url.pathname + url.search + url.hash);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [active]);

  const leave = useCallback(() => {
    if (pending) router.push(pending);
    setPending(null);
  }, [pending, router]);
  const stay = useCallback(() => setPending(null), []);
  return { pending, leave, stay };
}
