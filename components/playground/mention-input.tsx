"use client";
import { useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { ArrowUpIcon, SquareIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/display";
import { cn } from "@/lib/utils";

export interface MentionOption {
  name: string;
  description: string;
  /** false for `user-invocable: false`: not offered here. Default true. */
  userInvocable?: boolean;
}

const MAX_OPTIONS = 8;

/** The `$partial` right before the caret, if the caret is in one. */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|[\s(])\$([a-z0-9-]*)$/i.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2].length - 1, query: match[2].toLowerCase() };
}

/**
 * The chat input: Enter sends, Shift+Enter breaks the line, and typing `$` offers the catalog's
 * skills (arrow keys move, Enter or Tab picks, Escape closes), as a combobox screen readers follow.
 */
export function MentionInput({
  options,
  onSend,
  onStop,
  busy,
  disabled,
  placeholder = "Ask something, or type $ to mention a skill…",
  maxLength,
  attachments,
  attachButton,
}: {
  options: MentionOption[];
  onSend: (text: string) => void;
  onStop: () => void;
  busy: boolean;
  disabled?: boolean;
  /** What the empty input says; where it is disabled, why. */
  placeholder?: string;
  maxLength: number;
  /** Chips of the files picked for this message, shown above the text. */
  attachments?: React.ReactNode;
  /** The paperclip, left of the text; when given, the hint says files can be dropped too. */
  attachButton?: React.ReactNode;
}) {
  const [text, setText] = useState("");
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const ref = useRef<HTMLTextAreaElement>(null);
  // Where the caret goes after a pick, applied in the same commit as the new text so that
  // keystrokes typed right after a pick land after the mention.
  const caretAfterPick = useRef<number | null>(null);
  const listId = useId();

  useLayoutEffect(() => {
    if (caretAfterPick.current === null || !ref.current) return;
    ref.current.setSelectionRange(caretAfterPick.current, caretAfterPick.current);
    caretAfterPick.current = null;
  }, [text]);

  const matches = useMemo(() => {
    if (!mention) return [];
    const q = mention.query;
    // `user-invocable: false` only keeps a skill out of this list, as in Claude Code: a $name
    // typed out in full still brings the skill in (the chat resolves mentions, not this list).
    const offered = options.filter((o) => o.userInvocable !== false);
    const prefix = offered.filter((o) => o.name.startsWith(q));
    const rest = offered.filter((o) => !o.name.startsWith(q) && o.name.includes(q));
    return [...prefix, ...rest].slice(0, MAX_OPTIONS);
  }, [mention, options]);
  const open = matches.length > 0;

  function update(value: string, caret: number) {
    setText(value);
    const next = mentionAt(value, caret);
    setMention(next);
    if (next?.query !== mention?.query) setActive(0);
  }

  function pick(option: MentionOption) {
    if (!mention || !ref.current) return;
    const caret = ref.current.selectionStart;
    const value = `${text.slice(0, mention.start)}$${option.name} ${text.slice(caret)}`;
    const position = mention.start + option.name.length + 2;
    caretAfterPick.current = position;
    setText(value);
    setMention(null);
  }

  function send() {
    const value = text.trim();
    if (!value || busy || disabled) return;
    onSend(value);
    setText("");
    setMention(null);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((i) => (i + step + matches.length) % matches.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        pick(matches[active] ?? matches[0]);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setMention(null);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  const over = text.length > maxLength;
  return (
    <div className="relative">
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Skills to mention"
          className="absolute bottom-full left-0 z-20 mb-2 max-h-72 w-full max-w-lg overflow-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
        >
          {matches.map((option, i) => (
            <li
              key={option.name}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(option);
              }}
              onMouseEnter={() => setActive(i)}
              className={cn("cursor-pointer rounded-md px-2.5 py-1.5", i === active && "bg-accent text-accent-foreground")}
            >
              <span className="font-mono text-sm font-medium">${option.name}</span>
              <span className="line-clamp-1 text-xs text-muted-foreground">{option.description}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className={cn(
          "flex flex-wrap items-end gap-2 rounded-xl border bg-background p-2 shadow-xs focus-within:ring-3 focus-within:ring-ring/30",
          over && "border-destructive",
        )}
      >
        {attachments ? <div className="basis-full px-1 pt-0.5">{attachments}</div> : null}
        {attachButton}
        <label htmlFor={`${listId}-input`} className="sr-only">
          Message
        </label>
        <textarea
          ref={ref}
          id={`${listId}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          aria-describedby={`${listId}-hint`}
          rows={2}
          value={text}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => update(e.target.value, e.target.selectionStart)}
          onSelect={(e) => setMention(mentionAt(e.currentTarget.value, e.currentTarget.selectionStart))}
          onKeyDown={onKeyDown}
          onBlur={() => setMention(null)}
          className="max-h-48 min-h-11 min-w-0 flex-1 resize-none bg-transparent px-2 py-1.5 text-sm outline-none placeholder:text-muted-foreground disabled:opacity-50"
        />
        {busy ? (
          <Button type="button" size="icon" variant="outline" onClick={onStop} aria-label="Stop">
            <SquareIcon />
          </Button>
        ) : (
          <Button type="button" size="icon" onClick={send} disabled={!text.trim() || disabled || over} aria-label="Send">
            <ArrowUpIcon />
          </Button>
        )}
      </div>
      <p id={`${listId}-hint`} className="mt-1.5 flex justify-between gap-4 px-1 text-xs text-muted-foreground">
        <span>Enter sends · Shift+Enter new line · $ mentions a skill{attachButton ? " · drop files to attach" : ""}</span>
        <span className={cn("tabular-nums", over && "font-medium text-destructive")}>
          {over
            ? `${formatNumber(text.length)} / ${formatNumber(maxLength)} characters: too long`
            : text.length > maxLength * 0.8
              ? `${formatNumber(text.length)} / ${formatNumber(maxLength)}`
              : null}
        </span>
      </p>
    </div>
  );
}
