-- AlterTable
ALTER TABLE "AnalyticsCounter" DROP CONSTRAINT "AnalyticsCounter_pkey",
ADD COLUMN     "shard" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "AnalyticsCounter_pkey" PRIMARY KEY ("accountId", "bucket", "domain", "automationId", "shard");

-- AlterTable
ALTER TABLE "AnalyticsLinkCounter" DROP CONSTRAINT "AnalyticsLinkCounter_pkey",
ADD COLUMN     "shard" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "AnalyticsLinkCounter_pkey" PRIMARY KEY ("accountId", "bucket", "domain", "automationId", "url", "shard");

