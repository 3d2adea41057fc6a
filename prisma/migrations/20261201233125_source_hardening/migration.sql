-- AlterTable
ALTER TABLE "SkillSource" ADD COLUMN "leaseHolder" TEXT;
ALTER TABLE "SkillSource" ADD COLUMN "settingsById" TEXT;

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "sourceId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("sourceId", "key"),
    CONSTRAINT "WebhookDelivery_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "SkillSource" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "WebhookDelivery_sourceId_receivedAt_idx" ON "WebhookDelivery"("sourceId", "receivedAt");

-- Until now only the creator could have chosen the settings.
UPDATE "SkillSource" SET "settingsById" = "createdById";
