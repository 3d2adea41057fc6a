-- CreateTable
CREATE TABLE "DeliveryFeed" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "profileId" TEXT,
    "teamId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "DeliveryFeed_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DeliveryFeed_hash_key" ON "DeliveryFeed"("hash");

-- CreateIndex
CREATE INDEX "DeliveryFeed_ownerId_createdAt_idx" ON "DeliveryFeed"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "DeliveryFeed_teamId_idx" ON "DeliveryFeed"("teamId");

-- CreateIndex
CREATE INDEX "DeliveryFeed_profileId_idx" ON "DeliveryFeed"("profileId");

-- AddForeignKey
ALTER TABLE "DeliveryFeed" ADD CONSTRAINT "DeliveryFeed_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryFeed" ADD CONSTRAINT "DeliveryFeed_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "AgentProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryFeed" ADD CONSTRAINT "DeliveryFeed_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;
