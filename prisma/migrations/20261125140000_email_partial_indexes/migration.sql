-- The batch accept (issue 13): each email wrote 25 index entries. These are indexes no query
-- uses, or indexes whose queries always filter the same way, made partial on that filter, so
-- an API email (no automation, enrollment, broadcast; not scheduled) writes no entry in them.

-- No query reads Email by status across accounts (the sends are driven by their jobs); the one
-- list of scheduled emails reads an account's scheduled ones in send order.
DROP INDEX "Email_status_scheduledAt_idx";
CREATE INDEX "Email_accountId_scheduledAt_scheduled_idx" ON "Email"("accountId", "scheduledAt") WHERE (status = 'scheduled');

-- Looked up by an automation, an enrollment's step, a broadcast's member: never by NULL (and
-- NULLs never conflicted in a unique index), so the rows without one need no entry.
DROP INDEX "Email_automationId_idx";
CREATE INDEX "Email_automationId_idx" ON "Email"("automationId") WHERE ("automationId" IS NOT NULL);
DROP INDEX "Email_enrollmentId_stepId_key";
CREATE UNIQUE INDEX "Email_enrollmentId_stepId_key" ON "Email"("enrollmentId", "stepId") WHERE ("enrollmentId" IS NOT NULL);
DROP INDEX "Email_broadcastId_contactId_key";
CREATE UNIQUE INDEX "Email_broadcastId_contactId_key" ON "Email"("broadcastId", "contactId") WHERE ("broadcastId" IS NOT NULL);

-- No query reads recipients by status and retry time (deferred retries are jobs), nor events
-- by account and type (analytics reads its counters).
DROP INDEX "EmailRecipient_status_nextAttemptAt_idx";
DROP INDEX "EmailEvent_accountId_type_createdAt_idx";
