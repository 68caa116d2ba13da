-- A broadcast's subject A/B test: its settings, when the test phase ends, and the winner.
ALTER TABLE "Broadcast" ADD COLUMN "abTest" JSONB;
ALTER TABLE "Broadcast" ADD COLUMN "abTestEndsAt" TIMESTAMP(3);
ALTER TABLE "Broadcast" ADD COLUMN "abWinner" TEXT;
