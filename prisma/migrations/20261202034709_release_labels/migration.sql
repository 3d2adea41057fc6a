-- AlterTable
ALTER TABLE "ReviewRequest" ADD COLUMN "targetLabel" TEXT;

-- CreateTable
CREATE TABLE "SkillLabel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "skillId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "updatedById" TEXT,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SkillLabel_skillId_fkey" FOREIGN KEY ("skillId") REFERENCES "Skill" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SkillLabel_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SkillVersion" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AccessToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT 'latest',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    "expiresAt" DATETIME,
    CONSTRAINT "AccessToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AccessToken" ("createdAt", "expiresAt", "hash", "id", "lastUsedAt", "name", "prefix", "revokedAt", "scope", "userId") SELECT "createdAt", "expiresAt", "hash", "id", "lastUsedAt", "name", "prefix", "revokedAt", "scope", "userId" FROM "AccessToken";
DROP TABLE "AccessToken";
ALTER TABLE "new_AccessToken" RENAME TO "AccessToken";
CREATE UNIQUE INDEX "AccessToken_hash_key" ON "AccessToken"("hash");
CREATE INDEX "AccessToken_userId_createdAt_idx" ON "AccessToken"("userId", "createdAt");
CREATE TABLE "new_AgentProfile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "instructions" TEXT NOT NULL DEFAULT '',
    "label" TEXT NOT NULL DEFAULT 'latest',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AgentProfile_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_AgentProfile" ("createdAt", "id", "instructions", "name", "ownerId", "updatedAt") SELECT "createdAt", "id", "instructions", "name", "ownerId", "updatedAt" FROM "AgentProfile";
DROP TABLE "AgentProfile";
ALTER TABLE "new_AgentProfile" RENAME TO "AgentProfile";
CREATE UNIQUE INDEX "AgentProfile_ownerId_name_key" ON "AgentProfile"("ownerId", "name");
CREATE TABLE "new_DeliveryFeed" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "profileId" TEXT,
    "teamId" TEXT,
    "label" TEXT NOT NULL DEFAULT 'latest',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "DeliveryFeed_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryFeed_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "AgentProfile" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryFeed_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_DeliveryFeed" ("createdAt", "hash", "id", "lastUsedAt", "name", "ownerId", "prefix", "profileId", "revokedAt", "teamId") SELECT "createdAt", "hash", "id", "lastUsedAt", "name", "ownerId", "prefix", "profileId", "revokedAt", "teamId" FROM "DeliveryFeed";
DROP TABLE "DeliveryFeed";
ALTER TABLE "new_DeliveryFeed" RENAME TO "DeliveryFeed";
CREATE UNIQUE INDEX "DeliveryFeed_hash_key" ON "DeliveryFeed"("hash");
CREATE INDEX "DeliveryFeed_ownerId_createdAt_idx" ON "DeliveryFeed"("ownerId", "createdAt");
CREATE INDEX "DeliveryFeed_teamId_idx" ON "DeliveryFeed"("teamId");
CREATE INDEX "DeliveryFeed_profileId_idx" ON "DeliveryFeed"("profileId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "SkillLabel_versionId_idx" ON "SkillLabel"("versionId");

-- CreateIndex
CREATE UNIQUE INDEX "SkillLabel_skillId_name_key" ON "SkillLabel"("skillId", "name");
