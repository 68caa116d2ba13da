-- A segment's activity rules ("opened" or "clicked" within a window) read the account's
-- recipients from that time on by index instead of scanning them all; the rows a partial index
-- holds are only those that have been opened (clicked).
CREATE INDEX "EmailRecipient_accountId_firstOpenedAt_idx" ON "EmailRecipient" ("accountId", "firstOpenedAt") WHERE "firstOpenedAt" IS NOT NULL;
CREATE INDEX "EmailRecipient_accountId_firstClickedAt_idx" ON "EmailRecipient" ("accountId", "firstClickedAt") WHERE "firstClickedAt" IS NOT NULL;

-- An event rule within a window reads the account's events of that name from that time on:
-- the (accountId, name) index gains createdAt, and the narrower one goes.
CREATE INDEX "ContactEvent_accountId_name_createdAt_idx" ON "ContactEvent" ("accountId", "name", "createdAt");
DROP INDEX "ContactEvent_accountId_name_idx";

-- The few test emails (automation test runs), by id: an activity rule leaves them out with a
-- probe of this index instead of reading each recipient's email.
CREATE INDEX "Email_id_isTest_idx" ON "Email" ("id") WHERE "isTest";
