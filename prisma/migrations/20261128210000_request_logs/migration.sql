-- API requests made with a key, per account, kept 14 days by the maintenance purge. Ids sort
-- by creation, so the account's log pages by id; the purge finds old rows by createdAt.
CREATE TABLE "RequestLog" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "apiKeyId" TEXT,
    "requestId" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "query" JSONB,
    "status" INTEGER NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "userAgent" TEXT,
    "requestBody" JSONB,
    "requestBodyTruncated" BOOLEAN NOT NULL DEFAULT false,
    "responseBody" JSONB,
    "responseBodyTruncated" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RequestLog_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "RequestLog_accountId_id_idx" ON "RequestLog"("accountId", "id" DESC);
CREATE INDEX "RequestLog_createdAt_idx" ON "RequestLog"("createdAt");

ALTER TABLE "RequestLog" ADD CONSTRAINT "RequestLog_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
