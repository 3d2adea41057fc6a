-- CreateTable
CREATE TABLE "Conversation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Conversation_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ConversationMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "conversationId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "parts" TEXT NOT NULL,
    "ledger" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ConversationMessage_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Columns added in place (not a table rebuild, which would drop the search triggers on
-- SkillVersion from the skill_search migration).
ALTER TABLE "SkillVersion" ADD COLUMN "scanFindings" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "SkillVersion" ADD COLUMN "scanHighest" TEXT;
ALTER TABLE "SkillVersion" ADD COLUMN "scanRuleset" TEXT;
ALTER TABLE "SkillVersion" ADD COLUMN "scanComplete" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "SkillVersion" ADD COLUMN "scanSkipped" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "SkillVersion" ADD COLUMN "reviewStatus" TEXT NOT NULL DEFAULT 'none';
ALTER TABLE "SkillVersion" ADD COLUMN "reviewedById" TEXT;
ALTER TABLE "SkillVersion" ADD COLUMN "reviewedAt" DATETIME;
ALTER TABLE "SkillVersion" ADD COLUMN "reviewNote" TEXT;
CREATE INDEX "SkillVersion_reviewStatus_idx" ON "SkillVersion"("reviewStatus");

-- CreateIndex
CREATE INDEX "Conversation_ownerId_updatedAt_idx" ON "Conversation"("ownerId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ConversationMessage_conversationId_position_key" ON "ConversationMessage"("conversationId", "position");
