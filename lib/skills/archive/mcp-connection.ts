import { httpOrigin, shellQuote, TOKEN_ENV } from "./install";

// How a person points an MCP client at this server: the endpoint and the Claude Code line that
// adds it. Pure string building, so the account page (browser) and the tests share it.

export const MCP_PATH = "/api/mcp";

export interface McpConnection {
  /** The Streamable HTTP endpoint. */
  endpoint: string;
  /** Adds the server to Claude Code; the shell fills in the token from $SKILLSHELF_TOKEN, so the secret is not in the line. */
  claudeCode: string;
  /** The same server for Codex: a table for ~/.codex/config.toml, the token read from $SKILLSHELF_TOKEN by Codex. */
  codexConfig: string;
}

/**
 * `origin` is the address this browser reached the app on (scheme, host and port; any path is
 * ignored). With a profile, the endpoint offers only that agent profile's skills.
 */
export function mcpConnection(origin: string, profile?: { id: string; name: string }): McpConnection {
  const url = httpOrigin(origin);
  const endpoint = `${url.origin}${MCP_PATH}${profile ? `?profile=${encodeURIComponent(profile.id)}` : ""}`;
  // A "?" in an unquoted word is a glob to the shell; a profile's server gets its own name, so both can be added.
  const [name, target] = profile ? [shellQuote(`skillshelf-${slug(profile.name)}`), shellQuote(endpoint)] : ["skillshelf", endpoint];
  const table = profile ? `skillshelf-${slug(profile.name)}` : "skillshelf";
  return {
    endpoint,
    claudeCode: `claude mcp add --transport http ${name} ${target} --header "Authorization: Bearer $${TOKEN_ENV}"`,
    codexConfig: `[mcp_servers.${JSON.stringify(table)}]\nurl = ${JSON.stringify(endpoint)}\nbearer_token_env_var = "${TOKEN_ENV}"`,
  };
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "profile"
  );
}
