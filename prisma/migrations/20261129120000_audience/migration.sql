-- Filtered segments and double opt-in lists.
--
-- A filtered segment is a list whose "filter" (a rule) decides its members when read; it has
-- no membership rows. A double opt-in list holds a joiner in "PendingListMembership" until the
-- confirmation link is followed, so every reader of "ListMembership" sees confirmed members only.
ALTER TABLE "ContactList" ADD COLUMN "filter" JSONB;
ALTER TABLE "ContactList" ADD COLUMN "doubleOptIn" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "PendingListMembership" (
    "listId" TEXT NOT NULL,
    "contactId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PendingListMembership_pkey" PRIMARY KEY ("listId", "contactId"),
    CONSTRAINT "PendingListMembership_listId_fkey" FOREIGN KEY ("listId") REFERENCES "ContactList"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PendingListMembership_contactId_fkey" FOREIGN KEY ("contactId") REFERENCES "Contact"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "PendingListMembership_contactId_idx" ON "PendingListMembership"("contactId");

-- Segment filters: a property equal to a value is a containment test (properties @> {k: v})
-- this index answers; "did event X within a window" is one range read per contact.
CREATE INDEX "Contact_properties_idx" ON "Contact" USING GIN ("properties" jsonb_path_ops);
CREATE INDEX "ContactEvent_contactId_name_createdAt_idx" ON "ContactEvent"("contactId", "name", "createdAt");

-- A property's value as a number or a timestamp for the comparisons of segment filters, or
-- NULL when it is not one (a value stored before its property was declared with a type), so a
-- filter never fails on one contact's odd value. Dates are read as UTC when they carry no offset.
CREATE FUNCTION "mw_jsonb_numeric"(v jsonb) RETURNS numeric LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF v IS NULL THEN RETURN NULL; END IF;
  IF jsonb_typeof(v) = 'number' THEN RETURN (v #>> '{}')::numeric; END IF;
  IF jsonb_typeof(v) = 'string' AND (v #>> '{}') ~ '^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$' THEN
    RETURN (v #>> '{}')::numeric;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION "mw_jsonb_timestamptz"(v jsonb) RETURNS timestamptz LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE t text;
BEGIN
  IF v IS NULL OR jsonb_typeof(v) <> 'string' THEN RETURN NULL; END IF;
  t := v #>> '{}';
  IF t !~ '^\d{4}-\d{2}-\d{2}' THEN RETURN NULL; END IF;
  IF t ~ '(Z|[+-]\d{2}:?\d{2})$' THEN RETURN t::timestamptz; END IF;
  RETURN (t::timestamp) AT TIME ZONE 'UTC';
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;
