"use client";
import { ThemeProvider as NextThemesProvider } from "next-themes";
// Loaded on every page, in the browser: the root layout renders this provider.
import "./zod-jitless";

export function ThemeProvider({ children }: { children: React.ReactNode }) {
  return (
    <NextThemesProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange>
      {children}
    </NextThemesProvider>
  );
}
