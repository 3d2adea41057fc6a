import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isProxyEntry, proxyEntries } from "@/lib/auth/client-address";
import { DEFAULT_LIMITS, resolveLimits, type BundleLimits } from "@/lib/skills/format/limits";

/**
 * The one place that reads process.env. Everything else imports `env` (or calls `parseEnv` in
 * tests), so a bad setting fails at start with a message that names it, not deep inside a request.
 */

// Where the data lives: a SQLite file (the embedded default) or a PostgreSQL server.
const databaseUrl = z
  .string()
  .trim()
  .refine((url) => /^postgres(?:ql)?:\/\/./.test(url) || (/^file:.+/.test(url) && !/^file:\/\/[^/]/.test(url)), {
    message:
      'must be a SQLite file URL such as "file:./data/skillshelf.db" or "file:/var/lib/skillshelf/app.db", or a PostgreSQL URL such as "postgres://user:password@db.example.com:5432/skillshelf"',
  });

const hostName = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

// Comma-separated addresses or IPv4 CIDRs of the reverse proxies in front of the app: only their
// X-Forwarded-For / X-Real-IP are believed when rate limiting by client address.
const proxyList = z
  .string()
  .default("")
  .transform(proxyEntries)
  .refine((entries) => entries.every(isProxyEntry), {
    message: 'must be a comma-separated list of IP addresses or IPv4 CIDRs, such as "127.0.0.1,10.0.0.0/8"',
  });

// A size such as "25MB", "512KB" or a plain number of bytes (1024-based, like every size shown).
const UNITS: Record<string, number> = { "": 1, B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
const byteSize = (fallback: number) =>
  optionalText.pipe(
    z
      .string()
      .transform((value, ctx) => {
        const match = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?$/i.exec(value);
        const bytes = match ? Math.floor(Number(match[1]) * UNITS[(match[2] ?? "").toUpperCase()]) : NaN;
        if (!Number.isSafeInteger(bytes) || bytes < 1) {
          ctx.addIssue({ code: "custom", message: 'must be a size such as "25MB", "512KB" or a number of bytes' });
          return z.NEVER;
        }
        return bytes;
      })
      .optional()
      .transform((value) => value ?? fallback),
  );
const count = (fallback: number) =>
  optionalText.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a whole number such as 1000")
      .transform(Number)
      .pipe(z.number().int().min(1, "must be at least 1"))
      .optional()
      .transform((value) => value ?? fallback),
  );

// Comma-separated email domains ("example.com, corp.example.org"), lowercased.
const domainList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim().toLowerCase().replace(/^@/, ""))
      .filter(Boolean),
  )
  .refine((entries) => entries.every((domain) => hostName.test(domain)), {
    message: 'must be a comma-separated list of email domains, such as "example.com,corp.example.org"',
  });

const flag = optionalText.pipe(
  z
    .enum(["true", "false", "1", "0"], { message: 'must be "true" or "false"' })
    .optional()
    .transform((value) => value === "true" || value === "1"),
);

// 32 bytes, base64 (openssl rand -base64 32): the AES-256-GCM key for source credentials.
const aesKey = optionalText.pipe(
  z
    .string()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, "base64").length === 32, {
      message: "must be 32 random bytes in base64 (generate one with: openssl rand -base64 32)",
    })
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  // Loopback by default: a single-machine install is opened at http://localhost and should not be
  // reachable from the network until someone decides so (0.0.0.0 in a container or behind a proxy).
  HOSTNAME: optionalText.pipe(
    z
      .string()
      .refine((host) => isIP(host) !== 0 || hostName.test(host), {
        message: 'must be an address or host name to listen on, such as "127.0.0.1" (this machine only) or "0.0.0.0" (every interface)',
      })
      .default("127.0.0.1"),
  ),
  DATABASE_URL: databaseUrl.default("file:./data/skillshelf.db"),
  // Connections each instance keeps to PostgreSQL (ignored for SQLite).
  DATABASE_POOL_SIZE: count(10),
  BETTER_AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters (generate one with: openssl rand -base64 32)").optional()),
  BETTER_AUTH_URL: optionalText.pipe(z.url("must be an absolute URL such as http://localhost:3000").optional()),
  UPLOADTHING_TOKEN: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText.pipe(z.url("must be an absolute URL such as http://localhost:11434/v1").optional()),
  OPENAI_MODELS: optionalText,
  ANTHROPIC_API_KEY: optionalText,
  // Optional embeddings for hybrid skill routing: an OpenAI-compatible server's /embeddings.
  // Without a base URL, routing is lexical only.
  EMBEDDINGS_BASE_URL: optionalText.pipe(z.url("must be an absolute URL such as http://localhost:11434/v1").optional()),
  EMBEDDINGS_API_KEY: optionalText,
  EMBEDDINGS_MODEL: optionalText.pipe(z.string().default("text-embedding-3-small")),
  TRUSTED_PROXIES: proxyList,
  // Who may create an account: anyone ("open", the demo default), only people holding a valid team
  // invite link ("invite-only"), or people whose email is in SIGNUP_ALLOWED_DOMAINS ("domains").
  SIGNUP_POLICY: optionalText.pipe(z.enum(["open", "invite-only", "domains"], { message: 'must be "open", "invite-only" or "domains"' }).default("open")),
  SIGNUP_ALLOWED_DOMAINS: domainList,
  // Single sign-on through OpenID Connect: all three of issuer, client id and secret, or none.
  OIDC_ISSUER: optionalText.pipe(z.url("must be the issuer URL of an OpenID provider, such as https://login.example.com").optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  // The provider's name on the sign-in button ("Sign in with …").
  OIDC_DISPLAY_NAME: optionalText,
  // Hide password sign-in and sign-up: everyone signs in through the OpenID provider.
  SSO_ONLY: flag,
  // What one skill, and one upload input (an archive or folder of many skills), may hold.
  SKILL_MAX_FILES: count(DEFAULT_LIMITS.maxSkillFiles),
  SKILL_MAX_BYTES: byteSize(DEFAULT_LIMITS.maxSkillBytes),
  SKILL_MAX_FILE_BYTES: byteSize(DEFAULT_LIMITS.maxFileBytes),
  ARCHIVE_MAX_ENTRIES: count(DEFAULT_LIMITS.maxEntries),
  ARCHIVE_MAX_BYTES: byteSize(DEFAULT_LIMITS.maxTotalBytes),
  // Skill sources: let Git URLs reach loopback, link-local and metadata addresses (a Git server on
  // the same machine). Off by default, so a source URL cannot reach the server itself.
  SOURCES_ALLOW_LOCAL: flag,
  // Team webhooks: let them post to loopback and this machine's own addresses (a receiver on the
  // same machine; link-local and metadata stay refused). Off by default, so a team admin cannot
  // make the server call itself.
  WEBHOOKS_ALLOW_LOCAL: flag,
  // Encrypts the deploy tokens of skill sources. Unset: derived from BETTER_AUTH_SECRET (changing
  // that secret then makes stored tokens unreadable: they must be entered again).
  SOURCE_CREDENTIALS_KEY: aesKey,
  // Notifications by e-mail: an SMTP server's URL (smtp:// or smtps://, user and password in it if
  // it needs them); unset, notifications stay in the app and team webhooks.
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'must be an SMTP URL such as "smtp://user:password@mail.example.com:587" or "smtps://mail.example.com"')
      .optional(),
  ),
  SMTP_FROM: optionalText.pipe(z.string().default("Skillshelf <skillshelf@localhost>")),
  // File bytes in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO …) instead of the database:
  // set S3_BUCKET; the others as the service needs (an endpoint for anything but AWS).
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url("must be the S3 service's URL, such as https://s3.eu-west-1.amazonaws.com or http://minio:9000").optional()),
  S3_REGION: optionalText.pipe(z.string().default("us-east-1")),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Path-style addressing (http://host/bucket/key): MinIO and most self-hosted services need it.
  S3_FORCE_PATH_STYLE: flag,
  // Send downloads to a short-lived presigned URL of the bucket instead of streaming them through the app.
  S3_PRESIGNED_DOWNLOADS: flag,
  // How long an unreferenced blob is kept before it is deleted (an upload in progress refers to its blobs only at commit).
  BLOB_GRACE_HOURS: count(24),
  // Days raw usage events are kept (file reads, distinct users); the daily counts per channel stay.
  USAGE_RETENTION_DAYS: count(90),
  // How often buffered usage events are written: a crash loses at most this window's events.
  USAGE_FLUSH_MS: count(1000),
  // Shared rate-limit counters in Redis (redis://host:6379) instead of the database.
  REDIS_URL: optionalText.pipe(z.url("must be a Redis URL such as redis://localhost:6379").optional()),
  // Requests per minute the HTTP API (/api/v1, /api/mcp, the discovery index) accepts from one user (all their tokens) or address.
  API_RATE_LIMIT_PER_MINUTE: count(600),
  // The bounds of one skill script run: the address space each process may map, all of its
  // processes together (which caps how many it may start), and its workspace (a tmpfs).
  SANDBOX_PROCESS_MEMORY: byteSize(1024 ** 3),
  SANDBOX_MEMORY_TOTAL: byteSize(16 * 1024 ** 3),
  SANDBOX_DISK: byteSize(256 * 1024 ** 2),
});

/** The processes and threads a run needs at the least (lib/sandbox/bwrap-args.ts MIN_PROCESSES). */
export const SANDBOX_MIN_PROCESSES = 12;

/** The database DATABASE_URL names. */
export type DatabaseTarget = { provider: "sqlite"; path: string } | { provider: "postgres"; url: string };

export type Env = z.infer<typeof envSchema> & {
  /** The database DATABASE_URL names. */
  database: DatabaseTarget;
  /** Absolute path of the SQLite database file that DATABASE_URL names; null on PostgreSQL. */
  databasePath: string | null;
  /** The public origin better-auth signs cookies and redirects for. */
  authUrl: string;
  /** What uploads, imports and editor saves may hold, from the SKILL_* and ARCHIVE_* keys. */
  limits: BundleLimits;
};

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Resolve a `file:` URL to an absolute path; relative paths are relative to `cwd`. */
export function sqlitePathFromUrl(url: string, cwd: string): string {
  const raw = decodeURIComponent(url.replace(/^file:(\/\/(?=\/))?/, "").replace(/\?.*$/, ""));
  return path.resolve(cwd, raw);
}

/** The database a DATABASE_URL names (relative SQLite paths resolve against `cwd`). */
export function databaseTarget(url: string, cwd = process.cwd()): DatabaseTarget {
  return /^postgres(?:ql)?:/.test(url) ? { provider: "postgres", url } : { provider: "sqlite", path: sqlitePathFromUrl(url, cwd) };
}

export function parseEnv(source: Record<string, string | undefined>, cwd = process.cwd()): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".") || "env"} ${issue.message}`));
  }
  const data = result.data;
  const problems: string[] = [];
  if (data.SIGNUP_POLICY === "domains" && data.SIGNUP_ALLOWED_DOMAINS.length === 0)
    problems.push('SIGNUP_ALLOWED_DOMAINS must list at least one domain when SIGNUP_POLICY is "domains"');
  const oidc = [data.OIDC_ISSUER, data.OIDC_CLIENT_ID, data.OIDC_CLIENT_SECRET];
  if (oidc.some(Boolean) && !oidc.every(Boolean))
    problems.push("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (single sign-on needs all three)");
  if (data.SSO_ONLY && !data.OIDC_ISSUER) problems.push("SSO_ONLY needs single sign-on configured (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)");
  if ((data.S3_ACCESS_KEY_ID === undefined) !== (data.S3_SECRET_ACCESS_KEY === undefined))
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  const fits = Math.floor(data.SANDBOX_MEMORY_TOTAL / data.SANDBOX_PROCESS_MEMORY);
  if (fits < SANDBOX_MIN_PROCESSES)
    problems.push(
      `SANDBOX_MEMORY_TOTAL leaves room for ${fits} processes of SANDBOX_PROCESS_MEMORY each; a run needs ${SANDBOX_MIN_PROCESSES}: raise SANDBOX_MEMORY_TOTAL or lower SANDBOX_PROCESS_MEMORY`,
    );
  if (problems.length) throw new EnvError(problems);
  const database = databaseTarget(data.DATABASE_URL, cwd);
  return {
    ...data,
    database,
    databasePath: database.provider === "sqlite" ? database.path : null,
    authUrl: data.BETTER_AUTH_URL ?? `http://localhost:${data.PORT}`,
    limits: resolveLimits({
      maxSkillFiles: data.SKILL_MAX_FILES,
      maxSkillBytes: data.SKILL_MAX_BYTES,
      maxFileBytes: data.SKILL_MAX_FILE_BYTES,
      maxEntries: data.ARCHIVE_MAX_ENTRIES,
      maxTotalBytes: data.ARCHIVE_MAX_BYTES,
    }),
  };
}

let cached: Env | undefined;

/** The validated environment of this process, parsed once on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The keys this process's environment sets (non-empty): the admin console shows each setting's source. */
export function setEnvKeys(): ReadonlySet<string> {
  return new Set(Object.entries(process.env).flatMap(([key, value]) => (value?.trim() ? [key] : [])));
}
