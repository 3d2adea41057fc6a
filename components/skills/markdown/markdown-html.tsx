"use client";
import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { COPIED_ICON_CLASS } from "@/components/skills/copy-button-style";
import { staticMarkup } from "./static-markup";
import { staticIcon } from "./static-parts";

// A stored document arrives as HTML (stored-markdown.ts): one string in the page's payload instead of
// its elements. One listener on the document gives its static parts what the live ones do: a code
// block's copy button copies (and says so for 1.5 s, as CopyButton), and a link to another file of
// the skill opens it without reloading the page, as next/link did.

const COPY_ICON = staticMarkup(staticIcon("copy"));
const COPIED_ICON = staticMarkup(staticIcon("check", COPIED_ICON_CLASS));
const COPIED_FOR_MS = 1500;

export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const router = useRouter();

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const timers = new Map<HTMLButtonElement, ReturnType<typeof setTimeout>>();
    const show = (button: HTMLButtonElement, copied: boolean) => {
      const icon = button.querySelector("svg");
      if (icon) icon.outerHTML = copied ? COPIED_ICON : COPY_ICON;
      const status = button.querySelector('[role="status"]');
      if (status) status.textContent = copied ? "Copied" : "";
      clearTimeout(timers.get(button));
      if (copied)
        timers.set(
          button,
          setTimeout(() => show(button, false), COPIED_FOR_MS),
        );
    };
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element)) return;
      const button = event.target.closest<HTMLButtonElement>('button[data-copy="code"]');
      if (button && root.contains(button)) {
        const code = button.closest("figure")?.querySelector("code")?.textContent ?? "";
        navigator.clipboard.writeText(code).then(
          () => show(button, true),
          () => show(button, false),
        );
        return;
      }
      const link = event.target.closest<HTMLAnchorElement>("a[href]");
      if (link && root.contains(link) && isAppNavigation(event, link)) {
        event.preventDefault();
        router.push(link.getAttribute("href")!);
      }
    };
    root.addEventListener("click", onClick);
    return () => {
      root.removeEventListener("click", onClick);
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [router]);

  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A plain click on a link to a page of the skill, which next/link would have handled. */
function isAppNavigation(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return false;
  return link.getAttribute("href")!.startsWith("/skills/");
}
