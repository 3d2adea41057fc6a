import type { EnvSettingGroup, EnvSettingRow } from "@/lib/types/admin";
import { formatBytes, formatNumber } from "@/lib/display";
import type { Env } from "./env";

/**
 * The settings that come from the environment, as the admin console lists them: each key's
 * effective value and whether the environment set it or the default applies. Secrets are never
 * shown, only whether they are set. Pure: getEnv() and the set keys come in (lib/env.ts).
 */

const PRODUCTION_SIGNUP =
  "Anyone who can reach this server can create an account: fine for a demo. In production set SIGNUP_POLICY=invite-only (accounts only through team invite links) or SIGNUP_POLICY=domains with SIGNUP_ALLOWED_DOMAINS.";
const SIGNUP_NOTES: Record<Env["SIGNUP_POLICY"], string> = {
  open: PRODUCTION_SIGNUP,
  "invite-only": "Only people holding a valid team invite link can create an account (recommended for production).",
  domains: "Only email addresses at the allowed domains, or people holding a valid team invite link, can create an account.",
};

const secret = (value: string | undefined) => (value ? "set" : "not set");
const list = (values: readonly string[], empty: string) => (values.length ? values.join(", ") : empty);

export function describeEnvSettings(env: Env, setKeys: ReadonlySet<string>): EnvSettingGroup[] {
  const row = (key: string, label: string, value: string, note?: string, warn = false): EnvSettingRow => ({
    key,
    label,
    value,
    source: setKeys.has(key) ? "environment" : "default",
    ...(note ? { note } : {}),
    ...(warn ? { warn } : {}),
  });
  const sso = !!env.OIDC_ISSUER;
  return [
    {
      title: "Sign-up and sign-in",
      rows: [
        row("SIGNUP_POLICY", "Sign-up policy", env.SIGNUP_POLICY, SIGNUP_NOTES[env.SIGNUP_POLICY], env.SIGNUP_POLICY === "open"),
        row("SIGNUP_ALLOWED_DOMAINS", "Allowed email domains", list(env.SIGNUP_ALLOWED_DOMAINS, "none")),
        row("OIDC_ISSUER", "Single sign-on (OpenID Connect)", sso ? `configured: ${env.OIDC_ISSUER}` : "not configured"),
        row("OIDC_CLIENT_ID", "OpenID client id", secret(env.OIDC_CLIENT_ID)),
        row("OIDC_CLIENT_SECRET", "OpenID client secret", secret(env.OIDC_CLIENT_SECRET)),
        row("OIDC_DISPLAY_NAME", "Provider name on the sign-in button", env.OIDC_DISPLAY_NAME ?? (sso ? "the issuer's host" : "—")),
        row("SSO_ONLY", "Single sign-on only", env.SSO_ONLY ? "yes: password sign-in and sign-up are hidden" : "no"),
        row("BETTER_AUTH_URL", "Public address", env.authUrl),
        row("BETTER_AUTH_SECRET", "Session signing secret", secret(env.BETTER_AUTH_SECRET)),
      ],
    },
    {
      title: "Server",
      rows: [
        row("HOSTNAME", "Listens on", env.HOSTNAME),
        row("PORT", "Port", String(env.PORT)),
        row("TRUSTED_PROXIES", "Trusted proxies", list(env.TRUSTED_PROXIES, "none: forwarding headers are ignored")),
        row("DATABASE_URL", "Database", env.DATABASE_URL),
      ],
    },
    {
      title: "Limits",
      rows: [
        row("SKILL_MAX_FILES", "Files per skill", formatNumber(env.SKILL_MAX_FILES)),
        row("SKILL_MAX_BYTES", "Size of a skill", formatBytes(env.SKILL_MAX_BYTES, "prose")),
        row("SKILL_MAX_FILE_BYTES", "Size of one file", formatBytes(env.SKILL_MAX_FILE_BYTES, "prose")),
        row("ARCHIVE_MAX_ENTRIES", "Entries per upload", formatNumber(env.ARCHIVE_MAX_ENTRIES)),
        row("ARCHIVE_MAX_BYTES", "Size of an upload", formatBytes(env.ARCHIVE_MAX_BYTES, "prose")),
      ],
    },
    {
      title: "Services",
      rows: [
        row("OPENAI_API_KEY", "OpenAI-compatible models", env.OPENAI_API_KEY ? "configured (key set)" : "not configured"),
        row("OPENAI_BASE_URL", "OpenAI-compatible endpoint", env.OPENAI_BASE_URL ?? "OpenAI's"),
        row("OPENAI_MODELS", "OpenAI-compatible model list", env.OPENAI_MODELS ?? "the built-in list"),
        row("ANTHROPIC_API_KEY", "Anthropic models", env.ANTHROPIC_API_KEY ? "configured (key set)" : "not configured"),
        row(
          "SOURCES_ALLOW_LOCAL",
          "Skill sources on local addresses",
          env.SOURCES_ALLOW_LOCAL ? "allowed" : "refused",
          env.SOURCES_ALLOW_LOCAL ? "Source URLs may reach this server's loopback, link-local and cloud metadata addresses." : undefined,
        ),
        row(
          "SOURCE_CREDENTIALS_KEY",
          "Source token encryption key",
          env.SOURCE_CREDENTIALS_KEY ? "set" : "derived from BETTER_AUTH_SECRET",
          env.SOURCE_CREDENTIALS_KEY ? undefined : "Changing BETTER_AUTH_SECRET then makes stored source tokens unreadable; they must be entered again.",
        ),
        // The host only: the URL may carry the mail server's password.
        row(
          "SMTP_URL",
          "Notification e-mail",
          env.SMTP_URL ? `via ${new URL(env.SMTP_URL).host}` : "off",
          env.SMTP_URL ? undefined : "Notifications stay in the app and team webhooks; set SMTP_URL to e-mail them.",
        ),
        row(
          "UPLOADTHING_TOKEN",
          "File storage",
          env.UPLOADTHING_TOKEN ? "UploadThing (token set)" : "the database",
          env.UPLOADTHING_TOKEN ? undefined : "Skill files are kept in the SQLite database; set UPLOADTHING_TOKEN to store them on UploadThing.",
        ),
      ],
    },
  ];
}
