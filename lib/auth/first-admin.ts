import "server-only";
import { lockName } from "@/lib/db/locks";
import { db } from "@/lib/db/server";

/**
 * The first account of an instance administers it. Decided once the account exists, under one
 * lock (lib/db/locks.ts): counting users before the insert let two sign-ups at the same moment,
 * on two instances, both count none and both become admins. Now the earliest account is promoted
 * only while nobody is admin, so exactly one is, whichever hook runs first.
 */
export async function promoteFirstAccount(userId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await lockName(tx, "first-admin");
    if (await tx.user.count({ where: { role: "ADMIN" }, take: 1 })) return false;
    const first = await tx.user.findFirst({ orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
    if (first?.id !== userId) return false;
    await tx.user.update({ where: { id: userId }, data: { role: "ADMIN" } });
    return true;
  });
}
