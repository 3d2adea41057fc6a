-- AlterTable
ALTER TABLE "SkillVersion" ADD COLUMN "publishedAt" DATETIME;

-- Every version stored before review requests existed was made current when it was written.
UPDATE "SkillVersion" SET "publishedAt" = "createdAt";

-- CreateTable
CREATE TABLE "ReviewRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "skillId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'open',
    "authorId" TEXT,
    "title" TEXT NOT NULL,
    "targetScope" TEXT,
    "targetTeamId" TEXT,
    "requiredApprovals" INTEGER NOT NULL,
    "approvers" TEXT NOT NULL,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "baseVersion" INTEGER,
    "mergedVersion" INTEGER,
    "closedAt" DATETIME,
    "closedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ReviewRequest_skillId_fkey" FOREIGN KEY ("skillId") REFERENCES "Skill" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReviewRevision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "requestId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "versionId" TEXT,
    "versionNumber" INTEGER NOT NULL,
    "baseVersion" INTEGER,
    "message" TEXT NOT NULL,
    "authorId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReviewRevision_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "ReviewRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ReviewRevision_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SkillVersion" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReviewVerdictRow" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "requestId" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "reviewerId" TEXT NOT NULL,
    "verdict" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "dismissed" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReviewVerdictRow_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "ReviewRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReviewComment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "requestId" TEXT NOT NULL,
    "authorId" TEXT,
    "body" TEXT NOT NULL,
    "parentId" TEXT,
    "versionNumber" INTEGER,
    "path" TEXT,
    "line" INTEGER,
    "resolvedAt" DATETIME,
    "resolvedById" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReviewComment_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "ReviewRequest" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (a column with a constant default: no table rebuild)
ALTER TABLE "Team" ADD COLUMN "reviewPolicy" TEXT NOT NULL DEFAULT '{"mode":"direct"}';

-- CreateIndex
CREATE INDEX "ReviewRequest_skillId_state_idx" ON "ReviewRequest"("skillId", "state");

-- CreateIndex
CREATE INDEX "ReviewRequest_state_updatedAt_idx" ON "ReviewRequest"("state", "updatedAt");

-- CreateIndex
CREATE INDEX "ReviewRequest_authorId_state_idx" ON "ReviewRequest"("authorId", "state");

-- CreateIndex
CREATE INDEX "ReviewRevision_versionId_idx" ON "ReviewRevision"("versionId");

-- CreateIndex
CREATE UNIQUE INDEX "ReviewRevision_requestId_number_key" ON "ReviewRevision"("requestId", "number");

-- CreateIndex
CREATE INDEX "ReviewVerdictRow_requestId_revision_idx" ON "ReviewVerdictRow"("requestId", "revision");

-- CreateIndex
CREATE INDEX "ReviewComment_requestId_createdAt_idx" ON "ReviewComment"("requestId", "createdAt");
