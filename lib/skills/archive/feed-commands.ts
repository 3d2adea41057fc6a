import { shellQuote } from "./install";

/**
 * The commands that install a delivery link's skills with the `skills` CLI (npm package
 * `skills`): into Claude Code's and Codex's personal skill folders, or wherever the CLI asks.
 * Pure string building, shared by the account page, the profile dialog and the Download tab.
 */
/** Where delivery links live: /feeds/<secret>, the secret being the link's only credential. */
export const FEED_PATH = "/feeds";

/** The link a client is given, on the app's public URL. */
export function feedLink(base: string, secret: string): string {
  return `${base.replace(/\/+$/, "")}${FEED_PATH}/${secret}`;
}

export interface FeedCommand {
  client: "claude-code" | "codex" | "skills";
  label: string;
  command: string;
}

/**
 * One line per client. `skill` narrows to one skill of the link (the Download tab); without it
 * every skill the link delivers is installed. `npx skills update` keeps them current.
 */
export function feedCommands(url: string, skill?: string): FeedCommand[] {
  const pick = `--skill ${skill ? shellQuote(skill) : "'*'"}`;
  const link = shellQuote(url);
  return [
    { client: "claude-code", label: "Claude Code", command: `npx skills add ${link} ${pick} --agent claude-code -g -y` },
    { client: "codex", label: "Codex", command: `npx skills add ${link} ${pick} --agent codex -g -y` },
    { client: "skills", label: "skills CLI (asks which agents)", command: `npx skills add ${link}${skill ? ` ${pick}` : ""}` },
  ];
}

export const FEED_UPDATE_COMMAND = "npx skills update -y";

/** Where the `skills` CLI writes the link, secret and all: the warning every page shows with the commands. */
export const FEED_LOCKFILE_WARNING =
  "The link is its own password, and the skills CLI writes it into its lockfile (skills-lock.json in a project, ~/.agents/.skill-lock.json with -g). Do not commit that file; if the link leaks, revoke it here and make a new one.";
