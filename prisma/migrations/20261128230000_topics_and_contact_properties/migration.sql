-- Topics a contact may opt in to or out of, per-contact choices, typed contact properties, and
-- a broadcast's topic with the count of members it passed over for it.
CREATE TYPE "TopicSubscription" AS ENUM ('opt_in', 'opt_out');
CREATE TYPE "ContactPropertyType" AS ENUM ('string', 'number', 'boolean', 'date');

CREATE TABLE "Topic" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "defaultSubscription" "TopicSubscription" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "Topic_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Topic_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Topic_accountId_name_key" ON "Topic"("accountId", "name");
CREATE INDEX "Topic_accountId_createdAt_idx" ON "Topic"("accountId", "createdAt");

CREATE TABLE "ContactTopic" (
    "contactId" TEXT NOT NULL,
    "topicId" TEXT NOT NULL,
    "subscription" "TopicSubscription" NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ContactTopic_pkey" PRIMARY KEY ("contactId", "topicId"),
    CONSTRAINT "ContactTopic_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ContactTopic_topicId_fkey" FOREIGN KEY ("topicId") REFERENCES "Topic"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "ContactTopic_topicId_idx" ON "ContactTopic"("topicId");

CREATE TABLE "ContactProperty" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "type" "ContactPropertyType" NOT NULL,
    "fallbackValue" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ContactProperty_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ContactProperty_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "ContactProperty_accountId_key_key" ON "ContactProperty"("accountId", "key");

ALTER TABLE "Broadcast" ADD COLUMN "topicId" TEXT;
ALTER TABLE "Broadcast" ADD COLUMN "optedOut" INTEGER NOT NULL DEFAULT 0;
