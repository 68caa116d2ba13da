-- A smarthost's 250: handed over, delivery not known.
ALTER TYPE "RecipientStatus" ADD VALUE 'sent';

-- The attempt is recorded before the hand-over (Message-ID kept for re-sends after a crash).
ALTER TABLE "EmailRecipient" ADD COLUMN "messageId" TEXT,
ADD COLUMN "attemptStartedAt" TIMESTAMP(3);

-- An automation step out of credits waits for them instead of failing.
ALTER TABLE "Enrollment" ADD COLUMN "waitingForCreditsSince" TIMESTAMP(3);

-- Inngest mode: a job's event goes out after its transaction commits (the row is the outbox).
ALTER TABLE "Job" ADD COLUMN "announcedAt" TIMESTAMP(3);
