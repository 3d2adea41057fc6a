import { SourceFetchError } from "./types";
import { tokenHeader } from "./run-git";

/** `text` without the token (raw, or as the header git sends) and without the userinfo of any URL in it. */
export function scrubSecrets(text: string, token: string | null): string {
  let scrubbed = text;
  if (token) {
    const header = tokenHeader(token);
    for (const secret of [header, header.slice("Basic ".length), token, encodeURIComponent(token)]) scrubbed = scrubbed.split(secret).join("***");
  }
  return scrubbed.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s'"]*@/gi, "$1");
}

/** git's own words, for a message: its last error lines (fatal:, error:, remote:, ssh:), else its last lines, trimmed. */
function gitSays(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  // ssh's own line says why it failed (refused, timed out, publickey); the askpass one is our doing.
  const errors = lines.filter((line) => /^(fatal|error|remote|ssh):/i.test(line) && !line.includes("askpass"));
  const picked = (errors.length ? errors : lines).slice(-3).join(" ");
  return picked.length > 500 ? `${picked.slice(0, 500)}…` : picked;
}

export interface FetchContext {
  url: string;
  ref: string | null;
  token: string | null;
  /** The remote's branches, when listed after a fetch without a ref failed. */
  branches?: readonly string[];
}

const FULL_SHA = /^[0-9a-f]{40}$/i;

/**
 * Turns a failed `git fetch` into the error the user sees. git's messages are matched in the C
 * locale (run-git sets LC_ALL=C); whatever is not recognised is "git-failed" with git's own words.
 */
export function fetchFailure(stderr: string, context: FetchContext): SourceFetchError {
  const says = gitSays(stderr);
  const url = scrubSecrets(context.url, context.token);
  const make = (code: ConstructorParameters<typeof SourceFetchError>[0], message: string) =>
    new SourceFetchError(code, scrubSecrets(`${message} (git: ${says || "no message"})`, context.token));

  if (/transport '[^']*' not allowed|unsupported protocol|protocol '[^']*' is not supported/i.test(stderr)) {
    return make("bad-url", `${url} uses a transport that is not allowed here; use an https://, http://, ssh:// or git@host:path URL`);
  }
  if (
    /Authentication failed|could not read (Username|Password)|terminal prompts disabled|HTTP Basic: Access denied|Invalid username or password|Permission denied \(|returned error: (401|403)/i.test(
      stderr,
    )
  ) {
    return make(
      "auth",
      context.token
        ? `The server refused the token for ${url}: check that it is valid and may read the repository`
        : `${url} needs credentials: add a deploy token`,
    );
  }
  if (/returned error: 30[1278]/.test(stderr)) {
    return make("unreachable", `${url} redirects to another address; use the address it moved to (redirects are not followed)`);
  }
  if (/not our ref|unadvertised object|couldn't find remote ref|Remote branch .* not found|invalid refspec|no such remote ref/i.test(stderr)) {
    if (context.ref && FULL_SHA.test(context.ref)) {
      return make(
        "ref-not-found",
        `Commit ${context.ref} was not found in ${url}, or the server does not allow fetching a commit by its sha: check the sha, or use a branch or tag`,
      );
    }
    if (context.ref === null) return make("ref-not-found", noDefaultBranch(url, context.branches ?? []));
    const shortSha = /^[0-9a-f]{4,39}$/i.test(context.ref) ? "; a commit must be given by its full 40-character sha" : "";
    return make("ref-not-found", `No branch or tag named "${context.ref}" in ${url}${shortSha}`);
  }
  if (/Repository not found|does not appear to be a git repository|returned error: 404|not found|No such file or directory/i.test(stderr)) {
    return make("unreachable", `No repository at ${url}, or it is private: check the URL, or add a deploy token that can read it`);
  }
  if (
    /Could not resolve host|Failed to connect|Connection refused|Connection timed out|No route to host|Network is unreachable|Could not read from remote repository|unable to access|SSL certificate|Connection reset|Host key verification failed|Temporary failure in name resolution|Name or service not known/i.test(
      stderr,
    )
  ) {
    return make("unreachable", `Could not reach ${url}`);
  }
  return make("git-failed", `Fetching ${url} failed`);
}

const MAX_BRANCHES_NAMED = 10;

/** Why a fetch without a ref found nothing, and which branch to pick when the remote has some. */
function noDefaultBranch(url: string, branches: readonly string[]): string {
  if (branches.length === 0) return `${url} has no default branch (is the repository empty?)`;
  const suggested = ["main", "master", "trunk", "develop"].find((name) => branches.includes(name)) ?? branches[0];
  const named = branches.slice(0, MAX_BRANCHES_NAMED).map((name) => `"${name}"`);
  const more = branches.length > MAX_BRANCHES_NAMED ? ` and ${branches.length - MAX_BRANCHES_NAMED} more` : "";
  return `${url} has no default branch (its HEAD names a branch that does not exist), but it has ${branches.length === 1 ? "the branch" : "branches"} ${named.join(", ")}${more}: set the branch to "${suggested}"`;
}
