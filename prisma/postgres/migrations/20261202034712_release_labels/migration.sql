-- AlterEnum
ALTER TYPE "ReviewRequestKind" ADD VALUE 'label';

-- AlterTable
ALTER TABLE "AccessToken" ADD COLUMN     "label" TEXT NOT NULL DEFAULT 'latest';

-- AlterTable
ALTER TABLE "AgentProfile" ADD COLUMN     "label" TEXT NOT NULL DEFAULT 'latest';

-- AlterTable
ALTER TABLE "DeliveryFeed" ADD COLUMN     "label" TEXT NOT NULL DEFAULT 'latest';

-- AlterTable
ALTER TABLE "ReviewRequest" ADD COLUMN     "targetLabel" TEXT;

-- CreateTable
CREATE TABLE "SkillLabel" (
    "id" TEXT NOT NULL,
    "skillId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "updatedById" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SkillLabel_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SkillLabel_versionId_idx" ON "SkillLabel"("versionId");

-- CreateIndex
CREATE UNIQUE INDEX "SkillLabel_skillId_name_key" ON "SkillLabel"("skillId", "name");

-- AddForeignKey
ALTER TABLE "SkillLabel" ADD CONSTRAINT "SkillLabel_skillId_fkey" FOREIGN KEY ("skillId") REFERENCES "Skill"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SkillLabel" ADD CONSTRAINT "SkillLabel_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SkillVersion"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
