-- CreateTable
CREATE TABLE "DeliveryFeed" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "profileId" TEXT,
    "teamId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "DeliveryFeed_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryFeed_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "AgentProfile" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DeliveryFeed_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "DeliveryFeed_hash_key" ON "DeliveryFeed"("hash");

-- CreateIndex
CREATE INDEX "DeliveryFeed_ownerId_createdAt_idx" ON "DeliveryFeed"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "DeliveryFeed_teamId_idx" ON "DeliveryFeed"("teamId");

-- CreateIndex
CREATE INDEX "DeliveryFeed_profileId_idx" ON "DeliveryFeed"("profileId");
