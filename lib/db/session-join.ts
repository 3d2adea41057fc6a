import "server-only";
import { cache } from "react";
import { Prisma } from "@/lib/generated/prisma/client";
import type { TeamRole } from "@/lib/generated/prisma/enums";
import { date, dateOrNull, yes } from "./sql-values";

// Every signed-in request starts with better-auth's session lookup: its Prisma adapter asks for the
// session by token with the user included, which Prisma answers on SQLite with two statements (its
// relation joins do not cover SQLite). Here that one call is answered by one statement, the two
// rows joined, in the shape Prisma gives (Dates, booleans, the user under `user`); better-auth's
// own transforms then run on it as before. Any other call goes to Prisma unchanged.
// The same statement reads the user's team roles, which a render asks for next (its actor,
// lib/data/core/actor.ts): kept for the render, so that read is not a statement of its own.

type Kind = "text" | "textOrNull" | "date" | "dateOrNull" | "bool";

// Each model's every column, with how its raw value reads: a column added to the schema fails the
// typecheck here until it is listed (the generated enums hold every scalar field).
const SESSION: { [K in Prisma.SessionScalarFieldEnum]: Kind } = {
  id: "text",
  expiresAt: "date",
  token: "text",
  createdAt: "date",
  updatedAt: "date",
  ipAddress: "textOrNull",
  userAgent: "textOrNull",
  userId: "text",
};
const USER: { [K in Prisma.UserScalarFieldEnum]: Kind } = {
  id: "text",
  name: "text",
  email: "text",
  emailVerified: "bool",
  image: "textOrNull",
  role: "text",
  disabledAt: "dateOrNull",
  createdAt: "date",
  updatedAt: "date",
  notificationPrefs: "text",
};

function read(kind: Kind, value: unknown): unknown {
  switch (kind) {
    case "date":
      return date(value);
    case "dateOrNull":
      return dateOrNull(value);
    case "bool":
      return yes(value);
    case "text":
      return String(value);
    case "textOrNull":
      return value == null ? null : String(value);
  }
}

type FindFirstArgs = { where?: Record<string, unknown>; select?: Record<string, unknown> };
type SessionClient = {
  $queryRaw<T>(query: Prisma.Sql): Promise<T>;
  session: { findFirst(args: FindFirstArgs): Promise<unknown> };
};

export type TeamRoles = Record<string, TeamRole>;

// Per server render (React's `cache`, as the actor's own): outside a render it keeps nothing, so a
// route handler or a script reads its actor afresh.
const teamRolesOfRender = cache(() => new Map<string, TeamRoles>());

/** The team roles this render's session lookup read with the user, by team id; undefined when it read none for them. */
export function teamRolesReadWithSession(userId: string): TeamRoles | undefined {
  return teamRolesOfRender().get(userId);
}

/** "teamId:ROLE" pairs joined by commas (string_agg on both databases; ids are cuids, roles enum names). */
function parseTeamRoles(value: unknown): TeamRoles {
  if (typeof value !== "string" || !value) return {};
  return Object.fromEntries(value.split(",").map((pair) => pair.split(":") as [string, TeamRole]));
}

/**
 * The session of this token with its user, selected columns of the session and the whole user, in
 * one statement (with the user's team roles, kept for the render); null when there is none.
 */
export async function readSessionWithUser(client: SessionClient, token: string, sessionColumns: (keyof typeof SESSION)[]) {
  const columns = [
    ...sessionColumns.map((column) => Prisma.sql`s.${Prisma.raw(`"${column}"`)} AS ${Prisma.raw(`"s_${column}"`)}`),
    ...Object.keys(USER).map((column) => Prisma.sql`u.${Prisma.raw(`"${column}"`)} AS ${Prisma.raw(`"u_${column}"`)}`),
  ];
  const [row] = await client.$queryRaw<Record<string, unknown>[]>(
    Prisma.sql`SELECT ${Prisma.join(columns)},
        (SELECT string_agg(m."teamId" || ':' || CAST(m."role" AS TEXT), ',') FROM "Membership" m WHERE m."userId" = u."id") AS "m_teamRoles"
      FROM "session" s JOIN "user" u ON u."id" = s."userId" WHERE s."token" = ${token} LIMIT 1`,
  );
  if (!row) return null;
  const user = Object.fromEntries(Object.entries(USER).map(([column, kind]) => [column, read(kind, row[`u_${column}`])]));
  teamRolesOfRender().set(String(user.id), parseTeamRoles(row.m_teamRoles));
  return { ...Object.fromEntries(sessionColumns.map((column) => [column, read(SESSION[column], row[`s_${column}`])])), user };
}

/** The columns of a findFirst that asks for session columns and the whole user by token alone; null for any other call. */
function sessionByToken(args: FindFirstArgs | undefined): { token: string; columns: (keyof typeof SESSION)[] } | null {
  const where = args?.where;
  const select = args?.select;
  // better-auth's adapter says `{ token: { equals } }`; Prisma would take a bare value too.
  const token =
    typeof where?.token === "object" && where.token !== null && Object.keys(where.token).length === 1
      ? (where.token as { equals?: unknown }).equals
      : where?.token;
  if (!where || !select || Object.keys(where).length !== 1 || typeof token !== "string" || select.user !== true) return null;
  const columns = Object.keys(select).filter((key) => key !== "user");
  if (!columns.every((column) => column in SESSION && select[column] === true)) return null;
  return { token, columns: columns as (keyof typeof SESSION)[] };
}

/** The client better-auth's adapter is given: its session-by-token lookup in one statement (see the file), everything else as the client does it. */
export function withSessionJoin<T extends SessionClient>(client: T): T {
  const sessions = new Proxy(client.session, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property !== "findFirst") return typeof value === "function" ? value.bind(target) : value;
      return (args: FindFirstArgs) => {
        const lookup = sessionByToken(args);
        return lookup ? readSessionWithUser(client, lookup.token, lookup.columns) : target.findFirst(args);
      };
    },
  });
  return new Proxy(client, {
    get(target, property) {
      if (property === "session") return sessions;
      const value = Reflect.get(target, property, target);
      // The client's own methods ($transaction, $queryRaw...) run on the client, not on this proxy.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
