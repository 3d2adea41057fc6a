-- CreateTable
CREATE TABLE "TeamTag" (
    "teamId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TeamTag_pkey" PRIMARY KEY ("teamId","name")
);

-- CreateTable
CREATE TABLE "SkillTag" (
    "skillId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SkillTag_pkey" PRIMARY KEY ("skillId","name")
);

-- CreateTable
CREATE TABLE "SkillStar" (
    "userId" TEXT NOT NULL,
    "skillId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SkillStar_pkey" PRIMARY KEY ("userId","skillId")
);

-- CreateTable
CREATE TABLE "SkillOwner" (
    "id" TEXT NOT NULL,
    "skillId" TEXT NOT NULL,
    "userId" TEXT,
    "teamRole" "TeamRole",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SkillOwner_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SkillTag_name_idx" ON "SkillTag"("name");

-- CreateIndex
CREATE INDEX "SkillStar_skillId_idx" ON "SkillStar"("skillId");

-- CreateIndex
CREATE INDEX "SkillOwner_userId_idx" ON "SkillOwner"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "SkillOwner_skillId_userId_key" ON "SkillOwner"("skillId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "SkillOwner_skillId_teamRole_key" ON "SkillOwner"("skillId", "teamRole");

-- AddForeignKey
ALTER TABLE "TeamTag" ADD CONSTRAINT "TeamTag_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SkillTag" ADD CONSTRAINT "SkillTag_skillId_fkey" FOREIGN KEY ("skillId") REFERENCES "Skill"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SkillStar" ADD CONSTRAINT "SkillStar_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SkillStar" ADD CONSTRAINT "SkillStar_skillId_fkey" FOREIGN KEY ("skillId") REFERENCES "Skill"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SkillOwner" ADD CONSTRAINT "SkillOwner_skillId_fkey" FOREIGN KEY ("skillId") REFERENCES "Skill"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SkillOwner" ADD CONSTRAINT "SkillOwner_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
