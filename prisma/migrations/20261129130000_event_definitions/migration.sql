-- Declared event names (the resend SDK's events.create) with the types of their payload keys.
CREATE TABLE "EventDefinition" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "schema" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3),
    CONSTRAINT "EventDefinition_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "EventDefinition_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "EventDefinition_accountId_name_key" ON "EventDefinition"("accountId", "name");
CREATE INDEX "EventDefinition_accountId_createdAt_idx" ON "EventDefinition"("accountId", "createdAt");
