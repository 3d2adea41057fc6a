import { afterAll, describe, expect, it } from "vitest";
import { createCast, createTestDatabase, refusal } from "@/lib/test/support";

const { db, cleanup } = await createTestDatabase();
const settings = await import("./settings");
afterAll(cleanup);

const { ada, grace } = await createCast(db);
const state = async () => ({ rows: await db.instanceSetting.findMany(), audit: await db.auditEvent.count() });

describe("instance settings", () => {
  it("read as their defaults until an admin writes them, audited with the old and new value", async () => {
    expect(await settings.readInstanceSettings()).toEqual({ teamCreation: "anyone", scriptExecution: "on", usageAttribution: "on" });
    expect(await settings.writeInstanceSetting(ada, "teamCreation", "admins")).toEqual({ changed: true });
    expect(await settings.writeInstanceSetting(ada, "teamCreation", "admins")).toEqual({ changed: false });
    expect(await settings.readInstanceSettings()).toEqual({ teamCreation: "admins", scriptExecution: "on", usageAttribution: "on" });
    expect(await db.instanceSetting.findUniqueOrThrow({ where: { key: "teamCreation" } })).toMatchObject({ value: '"admins"', updatedById: "ada" });
    const events = await db.auditEvent.findMany({ where: { action: "instance.setting" } });
    expect(events.map((e) => [e.actorId, JSON.parse(e.detail)])).toEqual([["ada", { key: "teamCreation", from: "anyone", to: "admins" }]]);
  });

  it("refuses other values, unknown keys and anyone but an instance admin, changing nothing", async () => {
    const before = await state();
    expect((await refusal(settings.writeInstanceSetting(ada, "teamCreation", "everyone"))).message).toBe("teamCreation must be one of anyone, admins.");
    expect((await refusal(settings.writeInstanceSetting(ada, "nope" as never, "x"))).code).toBe("INVALID");
    expect((await refusal(settings.writeInstanceSetting(grace, "teamCreation", "anyone"))).code).toBe("FORBIDDEN");
    expect((await refusal(settings.writeInstanceSetting(grace, "scriptExecution", "off"))).code).toBe("FORBIDDEN");
    expect((await refusal(settings.writeInstanceSetting(ada, "scriptExecution", "sometimes"))).message).toBe("scriptExecution must be one of on, off.");
    expect(await state()).toEqual(before);
  });

  it("a row that is not a valid value reads as the default", async () => {
    await db.instanceSetting.update({ where: { key: "teamCreation" }, data: { value: "not json" } });
    expect(await settings.readInstanceSettings()).toEqual({ teamCreation: "anyone", scriptExecution: "on", usageAttribution: "on" });
  });

  it("lists the environment's settings to instance admins only", async () => {
    const groups = await settings.listEnvironmentSettings(ada);
    expect(groups.map((g) => g.title)).toEqual(["Sign-up and sign-in", "Server", "Limits", "Services"]);
    expect((await refusal(settings.listEnvironmentSettings(grace))).code).toBe("FORBIDDEN");
  });
});
