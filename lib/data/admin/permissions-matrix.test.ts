/**
 * The permission matrix of instance administration (accounts, the audit trail, instance settings),
 * against a real SQLite database, with the cast of lib/test/matrix-cast.ts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, createUser } from "@/lib/test/database";
import { F, RELATIONS, Y, createMatrixCast, type Outcome } from "@/lib/test/matrix-cast";

const { db, cleanup } = await createTestDatabase();
const { DataError } = await import("../errors");
afterAll(cleanup);
await createMatrixCast(db);

// ---------- Instance administration: accounts, the audit trail, instance settings ----------
//
// The admin console is the instance admin's alone: a team owner or admin is nobody there. Each
// case acts on an account of its own; a refusal leaves every account, session, audit event and
// setting as it was. The instance must always keep an active admin, and no admin disables
// themselves (CONFLICT, for the admin as well).

describe("instance administration", async () => {
  const admin = await import("./users");
  const trail = await import("./audit");
  const settings = await import("./settings");
  type AdminOperation = "list-users" | "set-role" | "disable" | "enable" | "list-audit-trail" | "export-audit-trail" | "write-setting" | "list-env-settings";
  //                                             author team-owner team-admin team-member non-member instance-admin other
  const ADMIN_EXPECTED: Record<AdminOperation, readonly Outcome[]> = {
    "list-users": /*           */ [F, F, F, F, F, Y, F],
    "set-role": /*             */ [F, F, F, F, F, Y, F],
    disable: /*                */ [F, F, F, F, F, Y, F],
    enable: /*                 */ [F, F, F, F, F, Y, F],
    "list-audit-trail": /*     */ [F, F, F, F, F, Y, F],
    "export-audit-trail": /*   */ [F, F, F, F, F, Y, F],
    "write-setting": /*        */ [F, F, F, F, F, Y, F],
    "list-env-settings": /*    */ [F, F, F, F, F, Y, F],
  };

  async function accountState() {
    const [users, sessions, audit, instanceSettings] = await Promise.all([
      db.user.findMany({ select: { id: true, role: true, disabledAt: true }, orderBy: { id: "asc" } }),
      db.session.count(),
      db.auditEvent.count(),
      db.instanceSetting.findMany({ orderBy: { key: "asc" } }),
    ]);
    return { users, sessions, audit, instanceSettings };
  }

  /** A plain user of its own for one case, signed in once, disabled when the case needs it so. */
  async function target(name: string, disabled = false) {
    await createUser(db, name);
    await db.session.create({ data: { id: name, token: name, userId: name, expiresAt: new Date(Date.now() + 3_600_000) } });
    if (disabled) await db.user.update({ where: { id: name }, data: { disabledAt: new Date() } });
    return name;
  }

  const OPS: Record<
    AdminOperation,
    { run: (viewer: { id: string }, targetId: string) => Promise<unknown>; disabled?: boolean; effect: (targetId: string) => Promise<void> }
  > = {
    "list-users": { run: (viewer, id) => admin.listUsers(viewer, { q: id }), effect: async () => {} },
    "set-role": {
      run: (viewer, id) => admin.setUserRole(viewer, id, "ADMIN"),
      effect: async (id) => {
        expect((await db.user.findUniqueOrThrow({ where: { id } })).role).toBe("ADMIN");
        await db.user.update({ where: { id }, data: { role: "USER" } });
      },
    },
    disable: {
      run: (viewer, id) => admin.disableUser(viewer, id),
      effect: async (id) => {
        expect((await db.user.findUniqueOrThrow({ where: { id } })).disabledAt).not.toBeNull();
        expect(await db.session.count({ where: { userId: id } })).toBe(0);
      },
    },
    enable: {
      run: (viewer, id) => admin.enableUser(viewer, id),
      disabled: true,
      effect: async (id) => expect((await db.user.findUniqueOrThrow({ where: { id } })).disabledAt).toBeNull(),
    },
    "list-audit-trail": { run: (viewer) => trail.listAuditEvents(viewer, {}), effect: async () => {} },
    "export-audit-trail": { run: (viewer) => trail.exportAuditEvents(viewer, {}), effect: async () => {} },
    "write-setting": {
      run: (viewer) => settings.writeInstanceSetting(viewer, "teamCreation", "admins"),
      effect: async () => {
        expect(await settings.readInstanceSettings()).toEqual({ teamCreation: "admins", scriptExecution: "on", usageAttribution: "on" });
        await db.instanceSetting.deleteMany(); // back to the default for whatever runs next
      },
    },
    "list-env-settings": { run: (viewer) => settings.listEnvironmentSettings(viewer), effect: async () => {} },
  };

  for (const operation of Object.keys(ADMIN_EXPECTED) as AdminOperation[]) {
    describe(operation, () => {
      RELATIONS.forEach((relation, column) => {
        const expected = ADMIN_EXPECTED[operation][column];
        it(`${relation}: ${expected}`, async () => {
          const spec = OPS[operation];
          const targetId = await target(`admin-${operation}-${relation}`, spec.disabled);
          const before = await accountState();
          const outcome = await spec.run({ id: relation }, targetId).then(
            () => "allowed" as const,
            (error: unknown) => (error instanceof DataError && error.code === "FORBIDDEN" ? ("forbidden" as const) : Promise.reject(error)),
          );
          expect(outcome).toBe(expected);
          if (outcome === "allowed") await spec.effect(targetId);
          else expect(await accountState()).toEqual(before);
        });
      });
    });
  }

  it("the last active admin is never demoted or disabled, and no admin disables themselves", async () => {
    const before = await accountState();
    const conflict = (promise: Promise<unknown>) =>
      promise.then(
        () => "allowed",
        (error: unknown) => (error instanceof DataError ? error.code : Promise.reject(error)),
      );
    expect(await conflict(admin.setUserRole({ id: "instance-admin" }, "instance-admin", "USER"))).toBe("CONFLICT");
    expect(await conflict(admin.disableUser({ id: "instance-admin" }, "instance-admin"))).toBe("CONFLICT");
    expect(await accountState()).toEqual(before);
  });
});
