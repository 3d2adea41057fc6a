-- AlterTable (a plain ADD COLUMN rather than rebuilding Team; existing teams start with bound tools off)
ALTER TABLE "Team" ADD COLUMN "allowBoundTools" BOOLEAN NOT NULL DEFAULT false;
