"use client";
import { useId } from "react";
import { useTheme } from "next-themes";
import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { Menu, MenuContent, MenuLabel, MenuRadioGroup, MenuRadioItem, MenuTrigger } from "@/components/ui/menu";

export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const labelId = useId();
  return (
    <Menu>
      <MenuTrigger variant="ghost" size="icon" aria-label="Theme">
        <SunIcon className="dark:hidden" />
        <MoonIcon className="hidden dark:block" />
      </MenuTrigger>
      <MenuContent align="end" className="min-w-[9rem]">
        <MenuLabel id={labelId} className="text-xs text-muted-foreground">
          Theme
        </MenuLabel>
        <MenuRadioGroup aria-labelledby={labelId} value={theme ?? "system"} onValueChange={setTheme}>
          <MenuRadioItem value="light">
            <SunIcon /> Light
          </MenuRadioItem>
          <MenuRadioItem value="dark">
            <MoonIcon /> Dark
          </MenuRadioItem>
          <MenuRadioItem value="system">
            <MonitorIcon /> System
          </MenuRadioItem>
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
}
