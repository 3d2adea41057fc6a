"use client";
import { useEffect, useRef, useState, useTransition } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { LoaderCircleIcon, SearchIcon } from "lucide-react";
import { Input } from "@/components/ui/input";

/**
 * The query lives in the URL (?q=), so a link reproduces the view; typing updates it after a
 * pause, Enter at once. It is a GET form, so it also works before (or without) JavaScript. "/"
 * focuses it from anywhere on the page.
 */
export function SkillSearch() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const urlQuery = params.get("q") ?? "";
  const [value, setValue] = useState(urlQuery);
  const [seenQuery, setSeenQuery] = useState(urlQuery);
  const [sentQuery, setSentQuery] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const input = useRef<HTMLInputElement>(null);

  // The URL can change under the box (a "Clear the search" link, back/forward): follow it, unless
  // it is our own last update arriving while the user has typed on.
  if (urlQuery !== seenQuery) {
    setSeenQuery(urlQuery);
    if (urlQuery !== sentQuery) setValue(urlQuery);
  }

  const send = (text: string) => {
    const next = new URLSearchParams(params);
    if (text) next.set("q", text);
    else next.delete("q");
    next.delete("page");
    // A sort chosen for one query rarely suits the next: let it fall back to best match.
    if (next.get("sort") === "relevance") next.delete("sort");
    setSentQuery(text);
    const query = next.toString();
    startTransition(() => router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false }));
  };

  useEffect(() => {
    const text = value.trim();
    if (text === urlQuery) return;
    const timer = setTimeout(() => send(text), 250);
    return () => clearTimeout(timer);
    // send is rebuilt on every render; the inputs that matter are these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, urlQuery]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <form
      role="search"
      action={pathname}
      className="relative w-full sm:w-80 xl:w-96"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim() !== urlQuery) send(value.trim());
      }}
    >
      {[...params.entries()]
        .filter(([key]) => key !== "q" && key !== "page")
        .map(([key, v]) => (
          <input key={key} type="hidden" name={key} value={v} />
        ))}
      {pending ? (
        <LoaderCircleIcon className="absolute top-1/2 left-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden />
      ) : (
        <SearchIcon className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      )}
      <Input
        ref={input}
        type="search"
        name="q"
        aria-label="Search skills"
        aria-keyshortcuts="/"
        placeholder="Search skills and their SKILL.md…"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && value) {
            event.preventDefault();
            setValue("");
          }
        }}
        className="pr-9 pl-9"
      />
      {value ? null : (
        <kbd
          className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border bg-muted px-1.5 font-mono text-[11px] text-muted-foreground sm:block"
          aria-hidden
        >
          /
        </kbd>
      )}
    </form>
  );
}
