import path from "node:path";
import { fileURLToPath } from "node:url";
import { readdir } from "node:fs/promises";
import { hashPassword } from "better-auth/crypto";
import { readBundle, type BundleSkill } from "@/lib/skills/archive/bundle";
import type { Destination } from "@/lib/skills/permissions/permissions";
import type { Db } from "@/lib/db/client";
import { readFolder } from "@/cli/admin/read-input";

export const DEMO_PASSWORD = "skillshelf-demo";

export const demoUsers = [
  { id: "demo-ada", name: "Ada Lovelace", email: "ada@example.com", role: "ADMIN" },
  { id: "demo-grace", name: "Grace Hopper", email: "grace@example.com", role: "USER" },
] as const;

const skillsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "skills");

/** Read one skill folder shipped in prisma/skills as an upload would. */
export async function loadSkillFolder(folder: string): Promise<BundleSkill> {
  const bundle = readBundle({ kind: "files", files: await readFolder(folder) });
  const skill = bundle.skills[0];
  if (!skill?.ok || bundle.skills.length !== 1) {
    throw new Error(`${folder} is not one valid skill: ${[...bundle.findings, ...(skill?.findings ?? [])].map((f) => f.message).join("; ")}`);
  }
  return skill;
}

/** The built-in skills this version of the app ships. */
export async function loadBuiltinSkills(): Promise<BundleSkill[]> {
  const dir = path.join(skillsDir, "builtin");
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(names.map((name) => loadSkillFolder(path.join(dir, name))));
}

type DemoSkill = {
  folder: string;
  as: "ada" | "grace";
  to: "PUBLIC" | "TEAM" | "PERSONAL";
  history?: { folder: string; as: "ada" | "grace"; message: string };
};

// A catalog a newcomer can explore: every scope, a shadowed name, skills with history.
const demoCatalog: DemoSkill[] = [
  { folder: "demo/api-error-handling", as: "ada", to: "PUBLIC" },
  { folder: "demo/sql-query-review", as: "ada", to: "PUBLIC" },
  { folder: "demo/release-notes", as: "ada", to: "PUBLIC", history: { folder: "demo-history/release-notes/v1", as: "ada", message: "First draft" } },
  { folder: "demo/incident-postmortem", as: "ada", to: "PUBLIC" },
  {
    folder: "demo/deploy-checklist",
    as: "grace",
    to: "TEAM",
    history: { folder: "demo-history/deploy-checklist/v1", as: "ada", message: "Checklist from the wiki" },
  },
  { folder: "demo/terraform-module-review", as: "ada", to: "TEAM" },
  { folder: "demo/oncall-handoff", as: "grace", to: "TEAM" },
  { folder: "demo/code-review-guidelines", as: "ada", to: "TEAM" },
  { folder: "demo/meeting-notes", as: "ada", to: "PERSONAL" },
  { folder: "demo-personal-ada/code-review-guidelines", as: "ada", to: "PERSONAL" },
  { folder: "demo/cobol-modernization", as: "grace", to: "PERSONAL" },
  { folder: "demo/changelog-from-commits", as: "grace", to: "PERSONAL" },
];

/**
 * Demo data for a newcomer: two accounts, the Platform team and a dozen skills. Runs only on an
 * empty database (no users), so a second start, or an instance whose people deleted the demo
 * accounts, never gets them back. All of it goes, or none: a failure removes what was added.
 */
export async function seedDemoData(db: Db): Promise<{ seeded: boolean }> {
  if ((await db.user.count()) > 0) return { seeded: false };
  const password = await hashPassword(DEMO_PASSWORD);
  await db.$transaction(
    demoUsers.map((user) =>
      db.user.create({
        data: {
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: true,
          role: user.role,
          accounts: { create: { id: `${user.id}-credential`, accountId: user.id, providerId: "credential", password } },
        },
      }),
    ),
  );
  try {
    await seedDemoCatalog();
  } catch (error) {
    await db.team.deleteMany({ where: { name: "Platform" } });
    await db.user.deleteMany({ where: { id: { in: demoUsers.map((user) => user.id) } } });
    throw error;
  }
  return { seeded: true };
}

async function seedDemoCatalog() {
  // The data layer, so the demo goes through the same rules and writes as a real upload.
  const { createTeam, addTeamMember } = await import("@/lib/data/teams");
  const { createSkill, addSkillVersion } = await import("@/lib/data/skills");
  const viewers = { ada: { id: "demo-ada" }, grace: { id: "demo-grace" } };
  const team = await createTeam(viewers.ada, "Platform");
  await addTeamMember(viewers.ada, team.id, "grace@example.com", "MEMBER");
  for (const entry of demoCatalog) {
    const destination: Destination = entry.to === "TEAM" ? { scope: "TEAM", teamId: team.id } : { scope: entry.to };
    const current = await loadSkillFolder(path.join(skillsDir, entry.folder));
    if (entry.history) {
      const old = await loadSkillFolder(path.join(skillsDir, entry.history.folder));
      const { skillId } = await createSkill(viewers[entry.history.as], { skill: old, destination, message: entry.history.message });
      await addSkillVersion(viewers[entry.as], skillId, { skill: current, message: "Expanded with rollback steps and references" });
    } else {
      await createSkill(viewers[entry.as], { skill: current, destination, message: "Initial version" });
    }
  }
}
