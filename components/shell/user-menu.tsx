"use client";
import { GitBranchIcon, LogOutIcon, ShieldIcon, UserIcon } from "lucide-react";
import { signOutAction } from "@/lib/actions/auth";
import { Menu, MenuContent, MenuItem, MenuLabel, MenuLinkItem, MenuSeparator, MenuTrigger } from "@/components/ui/menu";

export function UserMenu({ name, email, admin = false }: { name: string; email: string; admin?: boolean }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <Menu>
      <MenuTrigger variant="ghost" size="icon" aria-label="Account menu" className="rounded-full">
        <span className="flex size-8 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary">{initials || "?"}</span>
      </MenuTrigger>
      <MenuContent align="end" className="w-60">
        <MenuLabel className="grid gap-0.5">
          <span className="truncate">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{email}</span>
        </MenuLabel>
        <MenuSeparator />
        <MenuLinkItem href="/account">
          <UserIcon /> Your account
        </MenuLinkItem>
        {/* The bar shows Sources from md up; below, it is here. */}
        <MenuLinkItem href="/sources" className="md:hidden">
          <GitBranchIcon /> Sources
        </MenuLinkItem>
        {admin ? (
          <MenuLinkItem href="/admin">
            <ShieldIcon /> Administration
          </MenuLinkItem>
        ) : null}
        <MenuItem onClick={() => void signOutAction()}>
          <LogOutIcon /> Sign out
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
