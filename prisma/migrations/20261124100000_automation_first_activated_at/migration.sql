-- Issue 16.2: a never-activated automation shows as Draft. Set by the first activation.
ALTER TABLE "Automation" ADD COLUMN "firstActivatedAt" TIMESTAMP(3);

-- Backfill: active now, or has ever enrolled a real contact (only an active automation enrolls;
-- test runs do not count). The exact moment is unknown: the earliest evidence stands in for it.
UPDATE "Automation" a
SET "firstActivatedAt" = COALESCE(
  (SELECT MIN(e."enrolledAt") FROM "Enrollment" e WHERE e."automationId" = a."id" AND NOT e."isTest"),
  a."updatedAt"
)
WHERE a."status" = 'active'
   OR EXISTS (SELECT 1 FROM "Enrollment" e WHERE e."automationId" = a."id" AND NOT e."isTest");
