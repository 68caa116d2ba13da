-- Journeys started when a contact enters a segment (triggerType segment_entry): the members
-- each automation has seen, and when its passes seeded and last compared them.
ALTER TABLE "Automation" ADD COLUMN "segmentSeededAt" TIMESTAMP(3), ADD COLUMN "segmentCheckedAt" TIMESTAMP(3);

CREATE TABLE "SegmentEntry" (
    "automationId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "enteredAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    CONSTRAINT "SegmentEntry_pkey" PRIMARY KEY ("automationId", "contactId")
);

CREATE INDEX "SegmentEntry_pending_idx" ON "SegmentEntry"("automationId", "enteredAt") WHERE "startedAt" IS NULL;

ALTER TABLE "SegmentEntry" ADD CONSTRAINT "SegmentEntry_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "Automation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
