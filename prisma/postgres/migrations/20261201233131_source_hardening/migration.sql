-- AlterTable
ALTER TABLE "SkillSource" ADD COLUMN     "leaseHolder" TEXT,
ADD COLUMN     "settingsById" TEXT;

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "sourceId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("sourceId","key")
);

-- CreateIndex
CREATE INDEX "WebhookDelivery_sourceId_receivedAt_idx" ON "WebhookDelivery"("sourceId", "receivedAt");

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "SkillSource"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Until now only the creator could have chosen the settings.
UPDATE "SkillSource" SET "settingsById" = "createdById";
