-- CreateTable
CREATE TABLE "Team" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Membership" (
    "teamId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("teamId", "userId"),
    CONSTRAINT "Membership_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Skill" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "ownerId" TEXT,
    "teamId" TEXT,
    "space" TEXT NOT NULL,
    "currentVersionId" TEXT,
    "versionCount" INTEGER NOT NULL DEFAULT 0,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Skill_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Skill_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Skill_currentVersionId_fkey" FOREIGN KEY ("currentVersionId") REFERENCES "SkillVersion" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SkillVersion" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "skillId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "frontmatter" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "catalogTokens" INTEGER NOT NULL,
    "bodyTokens" INTEGER NOT NULL,
    "resourceTokens" INTEGER NOT NULL,
    "totalBytes" INTEGER NOT NULL,
    "fileCount" INTEGER NOT NULL,
    "digest" TEXT NOT NULL,
    "findings" TEXT NOT NULL,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "warningCount" INTEGER NOT NULL DEFAULT 0,
    "authorId" TEXT,
    "message" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SkillVersion_skillId_fkey" FOREIGN KEY ("skillId") REFERENCES "Skill" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SkillVersion_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "user" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SkillFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "versionId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "mediaType" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "tokens" INTEGER,
    CONSTRAINT "SkillFile_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SkillVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SkillFile_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "Blob" ("sha256") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Blob" (
    "sha256" TEXT NOT NULL PRIMARY KEY,
    "size" INTEGER NOT NULL,
    "storage" TEXT NOT NULL,
    "data" BLOB,
    "key" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "AgentProfile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "instructions" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AgentProfile_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AgentProfileSkill" (
    "profileId" TEXT NOT NULL,
    "skillId" TEXT NOT NULL,
    "pinnedVersion" INTEGER,

    PRIMARY KEY ("profileId", "skillId"),
    CONSTRAINT "AgentProfileSkill_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "AgentProfile" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AgentProfileSkill_skillId_fkey" FOREIGN KEY ("skillId") REFERENCES "Skill" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT,
    "action" TEXT NOT NULL,
    "skillId" TEXT,
    "skillName" TEXT,
    "version" INTEGER,
    "teamId" TEXT,
    "detail" TEXT NOT NULL DEFAULT '{}'
);

-- CreateIndex
CREATE UNIQUE INDEX "Team_name_key" ON "Team"("name");

-- CreateIndex
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Skill_currentVersionId_key" ON "Skill"("currentVersionId");

-- CreateIndex
CREATE INDEX "Skill_scope_updatedAt_idx" ON "Skill"("scope", "updatedAt");

-- CreateIndex
CREATE INDEX "Skill_teamId_idx" ON "Skill"("teamId");

-- CreateIndex
CREATE INDEX "Skill_ownerId_idx" ON "Skill"("ownerId");

-- CreateIndex
CREATE INDEX "Skill_name_idx" ON "Skill"("name");

-- CreateIndex
CREATE INDEX "Skill_updatedAt_idx" ON "Skill"("updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Skill_space_name_key" ON "Skill"("space", "name");

-- CreateIndex
CREATE INDEX "SkillVersion_authorId_idx" ON "SkillVersion"("authorId");

-- CreateIndex
CREATE UNIQUE INDEX "SkillVersion_skillId_number_key" ON "SkillVersion"("skillId", "number");

-- CreateIndex
CREATE INDEX "SkillFile_sha256_idx" ON "SkillFile"("sha256");

-- CreateIndex
CREATE UNIQUE INDEX "SkillFile_versionId_path_key" ON "SkillFile"("versionId", "path");

-- CreateIndex
CREATE UNIQUE INDEX "AgentProfile_ownerId_name_key" ON "AgentProfile"("ownerId", "name");

-- CreateIndex
CREATE INDEX "AgentProfileSkill_skillId_idx" ON "AgentProfileSkill"("skillId");

-- CreateIndex
CREATE INDEX "AuditEvent_skillId_createdAt_idx" ON "AuditEvent"("skillId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_teamId_createdAt_idx" ON "AuditEvent"("teamId", "createdAt");
