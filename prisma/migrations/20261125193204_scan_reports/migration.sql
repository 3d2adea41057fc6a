-- CreateTable
CREATE TABLE "ScanReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "versionId" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "line" INTEGER,
    "ruleset" TEXT NOT NULL,
    "note" TEXT NOT NULL,
    "reporterId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "resolvedById" TEXT,
    "resolvedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "ScanReport_versionId_fkey" FOREIGN KEY ("versionId") REFERENCES "SkillVersion" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ScanReport_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ScanReport_status_createdAt_idx" ON "ScanReport"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ScanReport_versionId_rule_file_line_reporterId_key" ON "ScanReport"("versionId", "rule", "file", "line", "reporterId");
