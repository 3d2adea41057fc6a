-- CreateTable
CREATE TABLE "TriggerEvalRun" (
    "id" TEXT NOT NULL,
    "skillId" TEXT NOT NULL,
    "versionId" TEXT NOT NULL,
    "arm" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "descriptionOf" INTEGER,
    "comparisonId" TEXT,
    "catalogKind" TEXT NOT NULL,
    "catalogRef" TEXT,
    "catalogLabel" TEXT NOT NULL,
    "catalogSize" INTEGER NOT NULL,
    "modelId" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "tests" INTEGER NOT NULL,
    "passed" INTEGER NOT NULL,
    "positives" INTEGER NOT NULL,
    "truePositives" INTEGER NOT NULL,
    "falsePositives" INTEGER NOT NULL,
    "inputTokens" INTEGER,
    "outputTokens" INTEGER,
    "results" TEXT NOT NULL,
    "takes" TEXT NOT NULL DEFAULT '[]',
    "measuredOn" INTEGER,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TriggerEvalRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TriggerEvalRun_skillId_createdAt_idx" ON "TriggerEvalRun"("skillId", "createdAt");

-- CreateIndex
CREATE INDEX "TriggerEvalRun_versionId_idx" ON "TriggerEvalRun"("versionId");

-- AddForeignKey
ALTER TABLE "TriggerEvalRun" ADD CONSTRAINT "TriggerEvalRun_skillId_fkey" FOREIGN KEY ("skillId") REFERENCES "Skill"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TriggerEvalRun" ADD CONSTRAINT "TriggerEvalRun_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SkillVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;
