import { describe, expect, it } from "vitest";
import { mcpConnection } from "./mcp-connection";

describe("mcpConnection", () => {
  it("gives the endpoint and the Claude Code line for an origin", () => {
    expect(mcpConnection("https://skills.example.com")).toEqual({
      endpoint: "https://skills.example.com/api/mcp",
      claudeCode: 'claude mcp add --transport http skillshelf https://skills.example.com/api/mcp --header "Authorization: Bearer $SKILLSHELF_TOKEN"',
      codexConfig: '[mcp_servers."skillshelf"]\nurl = "https://skills.example.com/api/mcp"\nbearer_token_env_var = "SKILLSHELF_TOKEN"',
    });
  });

  it("keeps the port and drops any path, query or trailing slash", () => {
    expect(mcpConnection("http://localhost:3000/account?x=1").endpoint).toBe("http://localhost:3000/api/mcp");
    expect(mcpConnection("http://127.0.0.1:3392/").endpoint).toBe("http://127.0.0.1:3392/api/mcp");
  });

  it("offers one agent profile under its own server name, the URL quoted for the shell", () => {
    expect(mcpConnection("https://skills.example.com", { id: "cm1 x", name: "PDF bot (v2)" })).toEqual({
      endpoint: "https://skills.example.com/api/mcp?profile=cm1%20x",
      claudeCode:
        "claude mcp add --transport http 'skillshelf-pdf-bot-v2' 'https://skills.example.com/api/mcp?profile=cm1%20x' --header \"Authorization: Bearer $SKILLSHELF_TOKEN\"",
      codexConfig:
        '[mcp_servers."skillshelf-pdf-bot-v2"]\nurl = "https://skills.example.com/api/mcp?profile=cm1%20x"\nbearer_token_env_var = "SKILLSHELF_TOKEN"',
    });
    expect(mcpConnection("https://skills.example.com", { id: "p", name: "日本語" }).claudeCode).toContain("'skillshelf-profile'");
  });

  it("refuses what is not an http(s) origin", () => {
    expect(() => mcpConnection("skills.example.com")).toThrow("is not an absolute URL");
    expect(() => mcpConnection("javascript:alert(1)")).toThrow("must be http(s)");
  });
});
