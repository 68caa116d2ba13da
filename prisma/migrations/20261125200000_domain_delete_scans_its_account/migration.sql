-- Deleting a domain clears the domainId of its emails (ON DELETE SET NULL, carried out by this
-- trigger since 20261125160000). There is no index on Email.domainId (every accepted email would
-- pay for it), so "WHERE domainId IN (...)" read the whole Email table, every account's emails,
-- for one account's request. A domain's emails are its account's: matching on the account as well
-- lets PostgreSQL find them through the account's index (Email_accountId_createdAt_idx), so the
-- work is bounded by the size of that account's own history.
CREATE OR REPLACE FUNCTION "mw_domain_deleted_emails"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Email" e SET "domainId" = NULL
  FROM gone g
  WHERE e."accountId" = g."accountId" AND e."domainId" = g.id;
  RETURN NULL;
END $$;
