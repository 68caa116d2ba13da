-- An automation's send window, and the account's default time zone for it.
ALTER TABLE "Automation" ADD COLUMN "sendWindow" JSONB;
ALTER TABLE "Account" ADD COLUMN "timezone" TEXT;
