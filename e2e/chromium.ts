import { existsSync } from "node:fs";

/** Debian's Chromium (Playwright's own browser download is not reachable from these machines). */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate)) ?? null;
}

export const NO_CHROMIUM_MESSAGE =
  "No Chromium found for the browser tests: install it with `sudo apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.";
