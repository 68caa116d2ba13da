-- AlterTable
ALTER TABLE "Job" ADD COLUMN     "accountId" TEXT;

-- CreateIndex
CREATE INDEX "Job_status_accountId_runAt_idx" ON "Job"("status", "accountId", "runAt");

-- Backfill the waiting jobs from the records their payloads name (finished ones need no account).
UPDATE "Job" j SET "accountId" = e."accountId"
FROM "Email" e
WHERE j."status" IN ('pending', 'running') AND j."name" = 'email.send' AND e."id" = j."payload"->>'emailId';

UPDATE "Job" j SET "accountId" = w."accountId"
FROM "WebhookMessage" m JOIN "Webhook" w ON w."id" = m."webhookId"
WHERE j."status" IN ('pending', 'running') AND j."name" = 'webhooks.deliver' AND m."id" = j."payload"->>'messageId';

UPDATE "Job" j SET "accountId" = en."accountId"
FROM "Enrollment" en
WHERE j."status" IN ('pending', 'running') AND j."name" = 'automation.enrollment.advance' AND en."id" = j."payload"->>'enrollmentId';

UPDATE "Job" j SET "accountId" = i."accountId"
FROM "ContactImport" i
WHERE j."status" IN ('pending', 'running') AND j."name" = 'contacts.import' AND i."id" = j."payload"->>'importId';

-- AlterTable: when a tracking token last recorded an event (repeats within a minute count once).
ALTER TABLE "TrackingToken" ADD COLUMN     "lastCountedAt" TIMESTAMP(3);
