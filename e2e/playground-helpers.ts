import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

// The playground's chat as the browser tests drive it.

export const messageInput = (page: Page) => page.getByRole("combobox", { name: "Message" });

/** Send a message and wait for its answer's ledger (a turn that pauses for an approval has one too); the answer comes back. */
export async function ask(page: Page, text: string): Promise<Locator> {
  const answers = page.getByTestId("assistant-message");
  const before = await answers.count();
  await messageInput(page).fill(text);
  await messageInput(page).press("Enter");
  const answer = answers.nth(before);
  await expect(answer.getByRole("region", { name: /^Disclosure ledger · turn \d+$/ })).toBeVisible({ timeout: 20_000 });
  return answer;
}
