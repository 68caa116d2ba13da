-- One account holds a domain name verified at a time (DESIGN 7, ownership).
-- Before this, two accounts could both verify one name with the shared SPF and MX records.
-- Keep the first holder (earliest verifiedAt); the later copies go back to unverified, name the
-- problem in their last check, and come due for a re-check now, where the ownership rules
-- decide again (their own DKIM record published moves the name to them).
WITH ranked AS (
  SELECT "id", row_number() OVER (PARTITION BY "domain" ORDER BY "verifiedAt" NULLS LAST, "createdAt", "id") AS rank
  FROM "Domain"
  WHERE "status" = 'verified'
)
UPDATE "Domain" d
SET "status" = 'unverified',
    "verifiedAt" = NULL,
    "nextCheckAt" = CURRENT_TIMESTAMP,
    "updatedAt" = CURRENT_TIMESTAMP,
    "lastCheck" = CASE WHEN d."lastCheck" IS NULL THEN NULL ELSE jsonb_set(
      jsonb_set(d."lastCheck", '{verified}', 'false'::jsonb),
      '{problems}',
      jsonb_build_array(jsonb_build_object(
        'code', 'domain_claimed_elsewhere',
        'severity', 'error',
        'record', 'dkim',
        'message', 'Another Mailwright account holds ' || d."domain" || ' now. Publish this domain''s DKIM record and verify again to move it back here.'
      )) || COALESCE(d."lastCheck"->'problems', '[]'::jsonb)
    ) END
FROM ranked r
WHERE r."id" = d."id" AND r.rank > 1;

-- CreateIndex
CREATE UNIQUE INDEX "Domain_domain_verified_key" ON "Domain"("domain") WHERE ("status" = 'verified');
