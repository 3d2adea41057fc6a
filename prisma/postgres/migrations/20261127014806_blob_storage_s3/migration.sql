-- AlterEnum
ALTER TYPE "BlobStorage" ADD VALUE 's3';
