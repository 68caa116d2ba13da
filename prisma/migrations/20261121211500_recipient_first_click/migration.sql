-- AlterTable
ALTER TABLE "EmailRecipient" ADD COLUMN     "firstClickedAt" TIMESTAMP(3);

-- Backfill from the click events recorded before this column existed.
UPDATE "EmailRecipient" r
SET "firstClickedAt" = c."first"
FROM (
  SELECT "recipientId", MIN("createdAt") AS "first"
  FROM "EmailEvent"
  WHERE "type" = 'email.clicked' AND "recipientId" IS NOT NULL
  GROUP BY "recipientId"
) c
WHERE c."recipientId" = r."id";
