-- AlterTable
ALTER TABLE "AccessToken" ADD COLUMN "expiresAt" DATETIME;
