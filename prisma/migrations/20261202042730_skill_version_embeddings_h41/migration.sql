-- CreateTable
CREATE TABLE "SkillVersionEmbedding" (
    "versionId" TEXT NOT NULL PRIMARY KEY,
    "model" TEXT NOT NULL,
    "dimensions" INTEGER NOT NULL,
    "vector" BLOB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SkillVersionEmbedding_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SkillVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "SkillVersionEmbedding_model_idx" ON "SkillVersionEmbedding"("model");
