import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, SANDBOX_MIN_PROCESSES, sqlitePathFromUrl } from "./env";
import { MIN_PROCESSES } from "./sandbox/bwrap-args";

describe("parseEnv", () => {
  it("defaults to an SQLite file under data/", () => {
    const env = parseEnv({}, "/srv/app");
    expect(env.DATABASE_URL).toBe("file:./data/skillshelf.db");
    expect(env.databasePath).toBe(path.resolve("/srv/app/data/skillshelf.db"));
    expect(env.PORT).toBe(3000);
    expect(env.authUrl).toBe("http://localhost:3000");
    expect(env.HOSTNAME).toBe("127.0.0.1");
  });

  it("listens where HOSTNAME says, refusing what is not an address or host name", () => {
    expect(parseEnv({ HOSTNAME: "0.0.0.0" }).HOSTNAME).toBe("0.0.0.0");
    expect(parseEnv({ HOSTNAME: "::" }).HOSTNAME).toBe("::");
    expect(parseEnv({ HOSTNAME: "app.internal" }).HOSTNAME).toBe("app.internal");
    expect(parseEnv({ HOSTNAME: "" }).HOSTNAME).toBe("127.0.0.1");
    for (const bad of ["http://0.0.0.0", "host name", "-x", "127.0.0.1:3000"]) {
      expect(() => parseEnv({ HOSTNAME: bad }), bad).toThrowError(/HOSTNAME must be an address or host name/);
    }
  });

  it("takes a PostgreSQL URL as the database, and a file: URL as SQLite", () => {
    const postgres = parseEnv({ DATABASE_URL: "postgres://app:secret@db.internal:5432/skillshelf" });
    expect(postgres.database).toEqual({ provider: "postgres", url: "postgres://app:secret@db.internal:5432/skillshelf" });
    expect(postgres.databasePath).toBeNull();
    expect(parseEnv({ DATABASE_URL: "postgresql://db/skillshelf" }).database.provider).toBe("postgres");
    const sqlite = parseEnv({ DATABASE_URL: "file:/var/lib/app.db" });
    expect(sqlite.database).toEqual({ provider: "sqlite", path: path.resolve("/var/lib/app.db") });
    expect(sqlite.databasePath).toBe(path.resolve("/var/lib/app.db"));
  });

  it("rejects a malformed DATABASE_URL with a message that names the key and the fix", () => {
    for (const bad of ["mysql://localhost/db", "postgres://", "./data/app.db", "file:", "  "]) {
      let error: unknown;
      try {
        parseEnv({ DATABASE_URL: bad });
      } catch (caught) {
        error = caught;
      }
      expect(error, bad).toBeInstanceOf(EnvError);
      expect((error as EnvError).message).toMatch(/DATABASE_URL must be a SQLite file URL such as "file:/);
    }
  });

  it("accepts absolute and relative file URLs", () => {
    expect(parseEnv({ DATABASE_URL: "file:/var/lib/s.db" }, "/x").databasePath).toBe(path.resolve("/var/lib/s.db"));
    expect(parseEnv({ DATABASE_URL: "file:///var/lib/s.db" }, "/x").databasePath).toBe(path.resolve("/var/lib/s.db"));
    expect(parseEnv({ DATABASE_URL: "file:e2e/.tmp/t.db" }, "/x").databasePath).toBe(path.resolve("/x/e2e/.tmp/t.db"));
  });

  it("rejects a short auth secret and a bad port, listing every problem at once", () => {
    const attempt = () => parseEnv({ BETTER_AUTH_SECRET: "short", PORT: "99999" });
    expect(attempt).toThrowError(/BETTER_AUTH_SECRET must be at least 32 characters/);
    expect(attempt).toThrowError(/PORT /);
  });

  it("reads TRUSTED_PROXIES as a list (none by default) and names a bad entry", () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: " 127.0.0.1, 10.0.0.0/8 " }).TRUSTED_PROXIES).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(() => parseEnv({ TRUSTED_PROXIES: "127.0.0.1,proxy.local" })).toThrowError(/TRUSTED_PROXIES must be a comma-separated list/);
  });

  it("reads the skill and archive limits, with units, and names a bad one", () => {
    expect(parseEnv({}, "/srv/app").limits).toMatchObject({
      maxSkillFiles: 1000,
      maxSkillBytes: 25 * 1024 * 1024,
      maxFileBytes: 5 * 1024 * 1024,
      maxEntries: 5000,
      maxTotalBytes: 32 * 1024 * 1024,
    });
    const set = parseEnv(
      { SKILL_MAX_FILES: "2000", SKILL_MAX_BYTES: "30MB", SKILL_MAX_FILE_BYTES: "512KB", ARCHIVE_MAX_ENTRIES: "9000", ARCHIVE_MAX_BYTES: "1GB" },
      "/srv/app",
    ).limits;
    expect(set).toMatchObject({ maxSkillFiles: 2000, maxSkillBytes: 30 * 1024 * 1024, maxFileBytes: 512 * 1024, maxEntries: 9000, maxTotalBytes: 1024 ** 3 });
    expect(() => parseEnv({ SKILL_MAX_FILES: "lots", SKILL_MAX_BYTES: "30 parsecs" }, "/srv/app")).toThrow(
      /SKILL_MAX_FILES must be a whole number such as 1000\n.*SKILL_MAX_BYTES must be a size such as "25MB", "512KB" or a number of bytes/,
    );
  });

  it("reads the sign-up policy and single sign-on keys, refusing half a configuration", () => {
    expect(parseEnv({}).SIGNUP_POLICY).toBe("open");
    expect(parseEnv({ SIGNUP_POLICY: "domains", SIGNUP_ALLOWED_DOMAINS: " Example.com, @corp.example.org" }).SIGNUP_ALLOWED_DOMAINS).toEqual([
      "example.com",
      "corp.example.org",
    ]);
    expect(() => parseEnv({ SIGNUP_POLICY: "closed" })).toThrow(/SIGNUP_POLICY must be "open", "invite-only" or "domains"/);
    expect(() => parseEnv({ SIGNUP_POLICY: "domains" })).toThrow(/SIGNUP_ALLOWED_DOMAINS must list at least one domain/);
    expect(() => parseEnv({ SIGNUP_ALLOWED_DOMAINS: "not a domain" })).toThrow(/SIGNUP_ALLOWED_DOMAINS must be a comma-separated list of email domains/);
    expect(() => parseEnv({ OIDC_ISSUER: "https://login.example.com" })).toThrow(/must be set together/);
    expect(() => parseEnv({ SSO_ONLY: "true" })).toThrow(/SSO_ONLY needs single sign-on configured/);
    const sso = parseEnv({ OIDC_ISSUER: "http://127.0.0.1:4010", OIDC_CLIENT_ID: "skillshelf", OIDC_CLIENT_SECRET: "s3cret", SSO_ONLY: "true" });
    expect(sso.SSO_ONLY).toBe(true);
    expect(parseEnv({}).SSO_ONLY).toBe(false);
  });

  it("reads the sandbox bounds, with units, and refuses a total that leaves no room for a run's processes", () => {
    expect(parseEnv({})).toMatchObject({ SANDBOX_PROCESS_MEMORY: 1024 ** 3, SANDBOX_MEMORY_TOTAL: 16 * 1024 ** 3, SANDBOX_DISK: 256 * 1024 ** 2 });
    expect(parseEnv({ SANDBOX_PROCESS_MEMORY: "256MB", SANDBOX_MEMORY_TOTAL: "4GB", SANDBOX_DISK: "64MB" })).toMatchObject({
      SANDBOX_PROCESS_MEMORY: 256 * 1024 ** 2,
      SANDBOX_MEMORY_TOTAL: 4 * 1024 ** 3,
      SANDBOX_DISK: 64 * 1024 ** 2,
    });
    expect(() => parseEnv({ SANDBOX_MEMORY_TOTAL: "4GB" })).toThrow(
      "SANDBOX_MEMORY_TOTAL leaves room for 4 processes of SANDBOX_PROCESS_MEMORY each; a run needs 12: raise SANDBOX_MEMORY_TOTAL or lower SANDBOX_PROCESS_MEMORY",
    );
    expect(() => parseEnv({ SANDBOX_DISK: "lots" })).toThrow(/SANDBOX_DISK must be a size such as "25MB"/);
    expect(SANDBOX_MIN_PROCESSES).toBe(MIN_PROCESSES);
  });

  it("treats empty optional keys as unset", () => {
    const env = parseEnv({ OPENAI_API_KEY: "", BETTER_AUTH_URL: "" });
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.authUrl).toBe("http://localhost:3000");
  });
});

describe("sqlitePathFromUrl", () => {
  it("decodes escaped characters", () => {
    expect(sqlitePathFromUrl("file:./my%20data/a.db", "/r")).toBe(path.resolve("/r/my data/a.db"));
  });
});
