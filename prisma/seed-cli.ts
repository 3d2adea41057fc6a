import "../scripts/load-env";
import { getEnv } from "@/lib/env";
import { createPrismaClient } from "@/lib/db/client";
import { seedDemoData } from "./seed";

const db = createPrismaClient(getEnv().databasePath);
const { seeded } = await seedDemoData(db);
console.log(seeded ? "Seeded demo data." : "The database already has users; nothing seeded.");
await db.$disconnect();
