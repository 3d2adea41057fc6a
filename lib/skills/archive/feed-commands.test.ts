import { describe, expect, it } from "vitest";
import { feedCommands } from "./feed-commands";

const URL = "https://skills.example.com/feeds/sksf_0123456789abcdefghijABCDEFGHIJ0123456789";

describe("feedCommands", () => {
  it("gives Claude Code, Codex and the skills CLI each a line that installs every skill of the link", () => {
    expect(feedCommands(URL)).toEqual([
      { client: "claude-code", label: "Claude Code", command: `npx skills add '${URL}' --skill '*' --agent claude-code -g -y` },
      { client: "codex", label: "Codex", command: `npx skills add '${URL}' --skill '*' --agent codex -g -y` },
      { client: "skills", label: "skills CLI (asks which agents)", command: `npx skills add '${URL}'` },
    ]);
  });

  it("narrows to one skill, quoted for the shell", () => {
    expect(feedCommands(URL, "pdf-tools").map((c) => c.command)).toEqual([
      `npx skills add '${URL}' --skill 'pdf-tools' --agent claude-code -g -y`,
      `npx skills add '${URL}' --skill 'pdf-tools' --agent codex -g -y`,
      `npx skills add '${URL}' --skill 'pdf-tools'`,
    ]);
  });
});
