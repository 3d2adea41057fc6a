-- CreateTable
CREATE TABLE "SkillSource" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "ref" TEXT,
    "subdir" TEXT,
    "scope" TEXT NOT NULL,
    "ownerId" TEXT,
    "teamId" TEXT,
    "space" TEXT NOT NULL,
    "createdById" TEXT,
    "credential" TEXT,
    "webhookSecret" TEXT NOT NULL,
    "intervalMinutes" INTEGER,
    "nextSyncAt" DATETIME,
    "runningSyncId" TEXT,
    "leaseUntil" DATETIME,
    "syncAgain" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SkillSource_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SkillSource_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "SkillSource_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SourceSync" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sourceId" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "actorId" TEXT,
    "revision" TEXT,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "archived" INTEGER NOT NULL DEFAULT 0,
    "proposed" INTEGER NOT NULL DEFAULT 0,
    "refused" TEXT NOT NULL DEFAULT '[]',
    "skipped" TEXT NOT NULL DEFAULT '[]',
    "error" TEXT,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "SourceSync_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "SkillSource" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (plain ADD COLUMNs with a NULL default: rebuilding Skill and SkillVersion would copy
-- every row and drop the search triggers of 20261120224600_skill_search, which fire on them)
ALTER TABLE "Skill" ADD COLUMN "sourceId" TEXT REFERENCES "SkillSource" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Skill" ADD COLUMN "sourcePath" TEXT;
ALTER TABLE "SkillVersion" ADD COLUMN "sourceId" TEXT REFERENCES "SkillSource" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "SkillVersion" ADD COLUMN "sourceUrl" TEXT;
ALTER TABLE "SkillVersion" ADD COLUMN "sourceRevision" TEXT;
ALTER TABLE "SkillVersion" ADD COLUMN "sourcePath" TEXT;

-- CreateIndex
CREATE INDEX "Skill_sourceId_idx" ON "Skill"("sourceId");

-- CreateIndex
CREATE INDEX "SkillVersion_sourceId_idx" ON "SkillVersion"("sourceId");

-- CreateIndex
CREATE INDEX "SkillSource_teamId_idx" ON "SkillSource"("teamId");

-- CreateIndex
CREATE INDEX "SkillSource_ownerId_idx" ON "SkillSource"("ownerId");

-- CreateIndex
CREATE INDEX "SkillSource_nextSyncAt_idx" ON "SkillSource"("nextSyncAt");

-- CreateIndex
CREATE INDEX "SourceSync_sourceId_startedAt_idx" ON "SourceSync"("sourceId", "startedAt");
