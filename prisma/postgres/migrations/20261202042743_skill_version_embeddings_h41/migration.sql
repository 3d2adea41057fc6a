-- CreateTable
CREATE TABLE "SkillVersionEmbedding" (
    "versionId" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "dimensions" INTEGER NOT NULL,
    "vector" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SkillVersionEmbedding_pkey" PRIMARY KEY ("versionId")
);

-- CreateIndex
CREATE INDEX "SkillVersionEmbedding_model_idx" ON "SkillVersionEmbedding"("model");

-- AddForeignKey
ALTER TABLE "SkillVersionEmbedding" ADD CONSTRAINT "SkillVersionEmbedding_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SkillVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;
