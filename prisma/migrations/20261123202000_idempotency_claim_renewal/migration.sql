-- AlterTable
ALTER TABLE "IdempotencyKey" ADD COLUMN     "claimedUntil" TIMESTAMP(3);
