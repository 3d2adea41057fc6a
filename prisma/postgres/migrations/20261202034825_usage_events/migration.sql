-- CreateTable
CREATE TABLE "UsageEvent" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "day" TEXT NOT NULL,
    "skillId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "actorId" TEXT,
    "tokenId" TEXT,
    "teamId" TEXT,
    "path" TEXT,
    "dedupeKey" TEXT,

    CONSTRAINT "UsageEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UsageDaily" (
    "day" TEXT NOT NULL,
    "skillId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "teamId" TEXT,
    "count" INTEGER NOT NULL,

    CONSTRAINT "UsageDaily_pkey" PRIMARY KEY ("day","skillId","version","channel")
);

-- CreateIndex
CREATE UNIQUE INDEX "UsageEvent_dedupeKey_key" ON "UsageEvent"("dedupeKey");

-- CreateIndex
CREATE INDEX "UsageEvent_skillId_createdAt_idx" ON "UsageEvent"("skillId", "createdAt");

-- CreateIndex
CREATE INDEX "UsageEvent_teamId_createdAt_idx" ON "UsageEvent"("teamId", "createdAt");

-- CreateIndex
CREATE INDEX "UsageEvent_createdAt_idx" ON "UsageEvent"("createdAt");

-- CreateIndex
CREATE INDEX "UsageDaily_skillId_day_idx" ON "UsageDaily"("skillId", "day");

-- CreateIndex
CREATE INDEX "UsageDaily_teamId_day_idx" ON "UsageDaily"("teamId", "day");

-- CreateIndex
CREATE INDEX "UsageDaily_day_idx" ON "UsageDaily"("day");
