"use client";
import * as React from "react";
import { flushSync } from "react-dom";
import Link from "next/link";
import { Button, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/lib/utils";

// A small menu button (WAI-ARIA APG "menu button" pattern) on the native popover API: the browser
// renders the menu in the top layer and closes it on Escape or a click outside, returning focus to
// the trigger; this file adds placement, arrow-key and typeahead focus, and closing on select.
// Use it where a menu needs no submenus or collision handling; components/ui/dropdown-menu.tsx
// (Radix) is there for the rest, at roughly 30 KB more gzipped JavaScript.

type Focus = "first" | "last" | "menu";
type MenuContextValue = {
  triggerId: string;
  menuId: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  hydrated: boolean;
  focusOnOpenRef: React.RefObject<Focus>;
};
const MenuContext = React.createContext<MenuContextValue | null>(null);

function useMenu(): MenuContextValue {
  const context = React.useContext(MenuContext);
  if (!context) throw new Error("Menu parts must be inside <Menu>.");
  return context;
}

const ITEM = '[role="menuitem"],[role="menuitemradio"],[role="menuitemcheckbox"]';
// An item hidden at this width (display: none, such as a link the bar shows instead) takes no focus: skip it.
const itemsOf = (menu: HTMLElement) =>
  [...menu.querySelectorAll<HTMLElement>(ITEM)].filter((item) => item.getAttribute("aria-disabled") !== "true" && item.getClientRects().length > 0);
const focusItem = (item: HTMLElement | undefined) => item?.focus({ preventScroll: true });

const subscribe = () => () => {};

export function Menu({ children }: { children: React.ReactNode }) {
  const id = React.useId();
  const [open, setOpen] = React.useState(false);
  // The items only exist while the menu is open (as with Radix), so the trigger opens it only once React runs.
  const hydrated = React.useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const focusOnOpenRef = React.useRef<Focus>("menu");
  const value = React.useMemo(() => ({ triggerId: `${id}trigger`, menuId: `${id}menu`, open, setOpen, hydrated, focusOnOpenRef }), [id, open, hydrated]);
  return <MenuContext.Provider value={value}>{children}</MenuContext.Provider>;
}

/** The menu button: opens on click, Enter or Space (focusing the first item from the keyboard), ArrowDown or ArrowUp. */
export function MenuTrigger({ onClick, onKeyDown, ...props }: ButtonProps) {
  const { triggerId, menuId, open, hydrated, focusOnOpenRef } = useMenu();
  return (
    <Button
      type="button"
      id={triggerId}
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={menuId}
      popoverTarget={hydrated ? menuId : undefined}
      onClick={(event) => {
        onClick?.(event);
        // detail is 0 when Enter or Space pressed the button: put focus on the first item, as a keyboard user expects.
        focusOnOpenRef.current = event.detail === 0 ? "first" : "menu";
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
        event.preventDefault();
        focusOnOpenRef.current = event.key === "ArrowDown" ? "first" : "last";
        document.getElementById(menuId)?.showPopover();
      }}
      {...props}
    />
  );
}

type MenuContentProps = React.ComponentProps<"div"> & { align?: "start" | "end"; sideOffset?: number };

export function MenuContent({ className, align = "start", sideOffset = 6, children, ...props }: MenuContentProps) {
  const { triggerId, menuId, open, setOpen, focusOnOpenRef } = useMenu();
  const ref = React.useRef<HTMLDivElement>(null);
  const typeahead = React.useRef({ text: "", at: 0 });

  const place = React.useCallback(() => {
    const menu = ref.current;
    const trigger = document.getElementById(triggerId);
    if (!menu || !trigger) return;
    const rect = trigger.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    menu.style.top = `${rect.bottom + sideOffset}px`;
    if (align === "end") {
      menu.style.right = `${Math.max(0, width - rect.right)}px`;
      menu.style.left = "auto";
    } else {
      menu.style.left = `${Math.max(0, rect.left)}px`;
      menu.style.right = "auto";
    }
  }, [align, sideOffset, triggerId]);

  // While open, follow the trigger when the window resizes or anything scrolls.
  React.useEffect(() => {
    if (!open) return;
    window.addEventListener("resize", place);
    window.addEventListener("scroll", place, { capture: true, passive: true });
    return () => {
      window.removeEventListener("resize", place);
      window.removeEventListener("scroll", place, { capture: true });
    };
  }, [open, place]);

  const close = () => ref.current?.hidePopover();

  return (
    <div
      {...props}
      ref={ref}
      id={menuId}
      popover="auto"
      role="menu"
      aria-labelledby={triggerId}
      aria-orientation="vertical"
      tabIndex={-1}
      className={cn(
        "inset-auto z-50 m-0 min-w-[12rem] overflow-hidden rounded-lg border bg-popover p-1 text-popover-foreground shadow-md outline-none",
        className,
      )}
      onBeforeToggle={(event) => {
        if (event.newState !== "open") return;
        // Render the items before the browser shows the menu, so it never appears empty.
        flushSync(() => setOpen(true));
        place();
      }}
      onToggle={(event) => {
        const menu = ref.current;
        const isOpen = event.newState === "open";
        if (!isOpen) setOpen(false);
        if (!menu) return;
        if (isOpen) {
          const items = itemsOf(menu);
          const target = focusOnOpenRef.current;
          focusOnOpenRef.current = "menu";
          if (target === "first") focusItem(items[0]);
          else if (target === "last") focusItem(items.at(-1));
          else menu.focus({ preventScroll: true });
        } else {
          // Escape and selecting an item hand focus back to the trigger natively; a click on nothing focusable would leave it on <body>.
          const active = document.activeElement;
          if (!active || active === document.body || menu.contains(active)) document.getElementById(triggerId)?.focus({ preventScroll: true });
        }
      }}
      onKeyDown={(event) => {
        const menu = ref.current;
        if (!menu) return;
        const items = itemsOf(menu);
        const index = items.indexOf(document.activeElement as HTMLElement);
        switch (event.key) {
          case "ArrowDown":
            event.preventDefault();
            focusItem(items[index < 0 ? 0 : Math.min(index + 1, items.length - 1)]);
            return;
          case "ArrowUp":
            event.preventDefault();
            focusItem(items[index < 0 ? items.length - 1 : Math.max(index - 1, 0)]);
            return;
          case "Home":
          case "PageUp":
            event.preventDefault();
            focusItem(items[0]);
            return;
          case "End":
          case "PageDown":
            event.preventDefault();
            focusItem(items.at(-1));
            return;
          case "Tab":
            // Leave the menu as if from its trigger: hiding it puts focus back there before Tab moves on.
            close();
            return;
          case " ":
            // Buttons click on Space themselves; links do not.
            if (index >= 0 && items[index].tagName === "A") {
              event.preventDefault();
              items[index].click();
            } else if (index < 0) event.preventDefault();
            return;
        }
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          // Typeahead: focus the next item whose text starts with what was typed in the last half second.
          const now = event.timeStamp;
          const search = (now - typeahead.current.at < 500 ? typeahead.current.text : "") + event.key.toLowerCase();
          typeahead.current = { text: search, at: now };
          const start = Math.max(0, search.length > 1 ? index : index + 1);
          const ordered = [...items.slice(start), ...items.slice(0, start)];
          focusItem(ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(search)));
        }
      }}
      onClick={(event) => {
        // Choosing an item closes the menu (after the item's own handler ran).
        const item = (event.target as Element).closest(ITEM);
        if (item && item.getAttribute("aria-disabled") !== "true") close();
      }}
      onPointerMove={(event) => {
        // The pointer moves focus, so one highlight follows both mouse and keyboard.
        if (event.pointerType !== "mouse") return;
        const item = (event.target as Element).closest<HTMLElement>(ITEM);
        if (item && document.activeElement !== item) focusItem(item);
        else if (!item && document.activeElement !== ref.current) ref.current?.focus({ preventScroll: true });
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse") ref.current?.focus({ preventScroll: true });
      }}
    >
      {open ? children : null}
    </div>
  );
}

const itemClass =
  "relative flex w-full cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none select-none focus:bg-accent focus:text-accent-foreground aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground";

export function MenuItem({ className, ...props }: React.ComponentProps<"button">) {
  return <button type="button" role="menuitem" tabIndex={-1} className={cn(itemClass, className)} {...props} />;
}

export function MenuLinkItem({ className, ...props }: React.ComponentProps<typeof Link>) {
  return <Link role="menuitem" tabIndex={-1} className={cn(itemClass, className)} {...props} />;
}

type RadioGroupContextValue = { value: string | undefined; onValueChange: (value: string) => void };
const RadioGroupContext = React.createContext<RadioGroupContextValue | null>(null);

export function MenuRadioGroup({ value, onValueChange, ...props }: React.ComponentProps<"div"> & RadioGroupContextValue) {
  const context = React.useMemo(() => ({ value, onValueChange }), [value, onValueChange]);
  return (
    <RadioGroupContext.Provider value={context}>
      <div role="group" {...props} />
    </RadioGroupContext.Provider>
  );
}

export function MenuRadioItem({ value, className, children, onClick, ...props }: Omit<React.ComponentProps<"button">, "value"> & { value: string }) {
  const group = React.useContext(RadioGroupContext);
  const checked = group?.value === value;
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      tabIndex={-1}
      className={cn(itemClass, "pl-7", className)}
      onClick={(event) => {
        onClick?.(event);
        group?.onValueChange(value);
      }}
      {...props}
    >
      <span className="absolute left-2 flex size-3.5 items-center justify-center">{checked && <span className="size-1.5 rounded-full bg-foreground" />}</span>
      {children}
    </button>
  );
}

export function MenuLabel({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("px-2 py-1.5 text-sm font-medium", className)} {...props} />;
}

export function MenuSeparator({ className, ...props }: React.ComponentProps<"div">) {
  return <div role="separator" aria-orientation="horizontal" className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}
