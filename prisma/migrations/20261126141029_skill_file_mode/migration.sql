-- AlterTable (a plain ADD COLUMN: rebuilding SkillFile would copy every file row; existing files are not executable)
ALTER TABLE "SkillFile" ADD COLUMN "executable" BOOLEAN NOT NULL DEFAULT false;
