import type { GitScheme } from "./run-git";
import { SourceFetchError } from "./types";

// The parts of a SourceSpec that reach git's argv or the file system, checked before anything runs.
// The full URL policy (hosts, userinfo) is checkSourceUrl's; these checks keep fetchSource safe even
// when a caller skipped it.

const CONTROL = /[\u0000-\u001f\u007f]/;

/** The transport a URL uses, or a "bad-url" error: anything but https, http, ssh, scp form and file is refused (ext:: runs commands). */
export function gitSchemeOf(url: string): GitScheme {
  if (CONTROL.test(url)) throw new SourceFetchError("bad-url", "The URL contains a control character");
  if (url.startsWith("-")) throw new SourceFetchError("bad-url", 'The URL may not start with "-"');
  if (/^[a-z0-9+.-]+::/i.test(url)) throw new SourceFetchError("bad-url", 'The URL names a git transport ("transport::address"), which is not allowed');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1].toLowerCase();
  if (scheme === undefined) {
    if (/^[^/:]+:/.test(url)) return "ssh"; // scp form, git@host:path: a colon before any slash
    throw new SourceFetchError("bad-url", "The URL must start with https://, http://, ssh:// or file://, or be git@host:path");
  }
  if (scheme === "https" || scheme === "http" || scheme === "ssh" || scheme === "file") return scheme;
  if (scheme === "git+ssh" || scheme === "ssh+git") return "ssh";
  throw new SourceFetchError("bad-url", `The URL scheme "${scheme}" is not allowed; use https://, http://, ssh:// or file://`);
}

const FULL_SHA = /^[0-9a-f]{40}$/i;

/**
 * A ref git may be asked for: a branch or tag name (as `git check-ref-format` allows, minus the
 * forms that would change the fetch: a leading "-" or "+", a ":" refspec) or a full commit sha.
 */
export function checkRef(ref: string | null): string | null {
  if (ref === null || FULL_SHA.test(ref)) return ref;
  const invalid =
    ref === "" ||
    ref === "@" ||
    CONTROL.test(ref) ||
    /[\s~^:?*[\\]/.test(ref) ||
    /^[-+/]/.test(ref) ||
    ref.endsWith("/") ||
    ref.endsWith(".") ||
    ref.includes("..") ||
    ref.includes("@{") ||
    ref.includes("//") ||
    ref.split("/").some((part) => part.startsWith(".") || part.endsWith(".lock"));
  if (invalid) throw new SourceFetchError("ref-not-found", `"${ref}" is not a branch, tag or full 40-character commit sha`);
  return ref;
}

/** A sub-folder as a clean relative path ("skills/team"), null for the root; "..", "." and control characters are refused. */
export function normalizeSubdir(subdir: string | null): string | null {
  if (subdir === null) return null;
  const trimmed = subdir.replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return null;
  if (CONTROL.test(trimmed) || trimmed.includes("\\") || trimmed.split("/").some((part) => part === "" || part === "." || part === "..")) {
    throw new SourceFetchError("subdir-not-found", `The sub-folder "${subdir}" is not a plain path inside the source (no "..", "." or empty parts)`);
  }
  return trimmed;
}
