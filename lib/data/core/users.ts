import "server-only";
import { db } from "@/lib/db/server";

/**
 * Scripts and admin tools name people by email (`skills import --as ada@example.com`). This
 * only finds the account; what it may do is still decided by the data layer, as that viewer.
 */
export async function findUserByEmail(email: string): Promise<{ id: string; name: string; email: string } | null> {
  return db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, name: true, email: true } });
}
