import { hashPassword } from "better-auth/crypto";
import type { PrismaClient } from "@/lib/db/client";

export const DEMO_PASSWORD = "skillshelf-demo";

export const demoUsers = [
  { name: "Ada Lovelace", email: "ada@example.com", role: "ADMIN" },
  { name: "Grace Hopper", email: "grace@example.com", role: "USER" },
] as const;

/**
 * Demo data for a newcomer. Runs only on an empty database (no users), so a second start,
 * or an instance whose people deleted the demo accounts, never gets them back.
 */
export async function seedDemoData(db: PrismaClient): Promise<{ seeded: boolean }> {
  if ((await db.user.count()) > 0) return { seeded: false };
  const password = await hashPassword(DEMO_PASSWORD);
  await db.$transaction(
    demoUsers.map((user) => {
      const id = `demo-${user.email.split("@")[0]}`;
      return db.user.create({
        data: {
          id,
          name: user.name,
          email: user.email,
          emailVerified: true,
          role: user.role,
          accounts: { create: { id: `${id}-credential`, accountId: id, providerId: "credential", password } },
        },
      });
    }),
  );
  return { seeded: true };
}
