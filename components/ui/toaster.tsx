"use client";
import { useTheme } from "next-themes";
import { Toaster as Sonner, toast } from "sonner";

export { toast };

export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position="bottom-right"
      toastOptions={{ classNames: { toast: "!bg-popover !text-popover-foreground !border-border" } }}
    />
  );
}
