-- Journeys: an automation's steps as a graph. A linear automation keeps its steps in
-- "AutomationStep" (each a delay then an email); any other graph lives in "Automation".graph.
-- Exactly one of the two holds an automation's steps.
ALTER TABLE "Automation" ADD COLUMN "graph" JSONB;
ALTER TABLE "Automation" ADD COLUMN "triggerKey" TEXT NOT NULL DEFAULT 'trigger';
ALTER TABLE "Automation" ADD COLUMN "goal" JSONB;
-- The goal's event name, when the goal is an event: what an event looks the converting runs up by.
ALTER TABLE "Automation" ADD COLUMN "goalEventName" TEXT;
ALTER TABLE "Automation" ADD COLUMN "reentry" TEXT NOT NULL DEFAULT 'never';
ALTER TABLE "Automation" ADD COLUMN "reentryCooldownMinutes" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Automation" ADD COLUMN "transactional" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "Automation_accountId_goalEventName_idx" ON "Automation"("accountId", "goalEventName")
  WHERE "goalEventName" IS NOT NULL;

-- The graph keys of a linear step (its email, and the delay before it when it has one).
ALTER TABLE "AutomationStep" ADD COLUMN "key" TEXT;
ALTER TABLE "AutomationStep" ADD COLUMN "delayKey" TEXT;

-- A run of a journey: the step it is at, what it waits for, the split variants it was given,
-- and how it ended (converted at the goal, or an exit's reason).
ALTER TABLE "Enrollment" ADD COLUMN "generation" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Enrollment" ADD COLUMN "stepKey" TEXT;
ALTER TABLE "Enrollment" ADD COLUMN "waitingEvent" TEXT;
ALTER TABLE "Enrollment" ADD COLUMN "variants" JSONB;
ALTER TABLE "Enrollment" ADD COLUMN "outcome" TEXT;
-- Re-entry: a contact's later runs of one automation are generations 1, 2, ...
DROP INDEX "Enrollment_automationId_contactId_key";
CREATE UNIQUE INDEX "Enrollment_automationId_contactId_generation_key" ON "Enrollment"("automationId", "contactId", "generation");
-- An event reaches only the runs waiting for it.
CREATE INDEX "Enrollment_accountId_waitingEvent_contactId_idx" ON "Enrollment"("accountId", "waitingEvent", "contactId")
  WHERE "waitingEvent" IS NOT NULL;

-- One row per step a run has passed or is at: the run's steps with their status and output.
CREATE TABLE "EnrollmentStep" (
  "id" TEXT NOT NULL,
  "enrollmentId" TEXT NOT NULL,
  "key" TEXT NOT NULL,
  "type" TEXT NOT NULL,
  "status" TEXT NOT NULL,
  "output" JSONB,
  "error" JSONB,
  "startedAt" TIMESTAMP(3),
  "completedAt" TIMESTAMP(3),
  "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "EnrollmentStep_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "EnrollmentStep_enrollmentId_fkey" FOREIGN KEY ("enrollmentId") REFERENCES "Enrollment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "EnrollmentStep_enrollmentId_createdAt_idx" ON "EnrollmentStep"("enrollmentId", "createdAt");
