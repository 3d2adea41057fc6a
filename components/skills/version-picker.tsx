"use client";
import { CheckIcon, ChevronDownIcon, HistoryIcon } from "lucide-react";
// The lightweight native-popover menu: Radix's dropdown would be this page's largest script.
import { Menu, MenuContent, MenuLabel, MenuLinkItem, MenuSeparator, MenuTrigger } from "@/components/ui/menu";

export interface VersionOption {
  number: number;
  href: string;
  message: string;
  /** "Ada Lovelace · 3 days ago", formatted on the server. */
  detail: string;
  /** Release labels on it (stable, beta...). */
  labels?: string[];
}

/** Read-only here: switching versions is navigation to /skills/[id]/v/[n]. */
export function VersionPicker({ versions, shown, latest }: { versions: VersionOption[]; shown: number; latest: number }) {
  return (
    <Menu>
      <MenuTrigger
        variant="outline"
        size="sm"
        className="h-7 gap-1.5 px-2.5 font-mono text-xs"
        aria-label={`Version ${shown}${shown === latest ? " (latest)" : ""}: choose a version`}
      >
        <HistoryIcon aria-hidden />v{shown}
        {shown === latest ? <span className="font-sans text-muted-foreground">latest</span> : null}
        <ChevronDownIcon aria-hidden className="text-muted-foreground" />
      </MenuTrigger>
      <MenuContent align="start" className="w-80">
        <MenuLabel className="text-xs text-muted-foreground">Versions</MenuLabel>
        <MenuSeparator />
        {versions.map((version) => (
          <MenuLinkItem key={version.number} href={version.href} aria-current={version.number === shown ? "page" : undefined} className="items-start">
            <span className="mt-0.5 w-8 shrink-0 font-mono text-xs font-semibold">v{version.number}</span>
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="truncate">
                {version.message}
                {version.number === latest ? <span className="ml-1.5 text-xs text-muted-foreground">latest</span> : null}
                {version.labels?.map((label) => (
                  <span key={label} className="ml-1.5 rounded border px-1 text-xs text-muted-foreground">
                    {label}
                  </span>
                ))}
              </span>
              <span className="truncate text-xs text-muted-foreground">{version.detail}</span>
            </span>
            {version.number === shown ? <CheckIcon aria-hidden className="mt-0.5" /> : null}
          </MenuLinkItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
