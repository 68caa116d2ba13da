-- The accept statement (issue 13, the batch and relay rows): a foreign key is checked row by row
-- at the end of the statement, a query and a row lock for each new row. For an accepted email
-- that was three checks (its account, its From domain, and the email row of each recipient),
-- about a third of the database's CPU per email (45 -> 31 µs in a 100-email batch).
--
-- The only writer of Email and EmailRecipient rows is that statement
-- (lib/emails/store-accepted-emails-sql.ts). It inserts the recipients of the emails it inserts,
-- all of them or none, and it locks the account row and the verified From domains FOR KEY SHARE
-- once (what each row's check did), so a concurrent delete of either waits for its commit or
-- makes it store nothing. These three constraints go; their ON DELETE actions stay, as
-- statement-level triggers, so deleting an account, a domain or an email does what it did.
-- schema.prisma keeps the relations (Prisma reads them for its queries).
ALTER TABLE "Email" DROP CONSTRAINT "Email_accountId_fkey";
ALTER TABLE "Email" DROP CONSTRAINT "Email_domainId_fkey";
ALTER TABLE "EmailRecipient" DROP CONSTRAINT "EmailRecipient_emailId_fkey";

-- ON DELETE CASCADE of Email.accountId.
CREATE FUNCTION "mw_account_deleted_emails"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "Email" WHERE "accountId" IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
CREATE TRIGGER "Account_deleted_emails" AFTER DELETE ON "Account"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "mw_account_deleted_emails"();

-- ON DELETE SET NULL of Email.domainId.
CREATE FUNCTION "mw_domain_deleted_emails"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Email" SET "domainId" = NULL WHERE "domainId" IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
CREATE TRIGGER "Domain_deleted_emails" AFTER DELETE ON "Domain"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "mw_domain_deleted_emails"();

-- ON DELETE CASCADE of EmailRecipient.emailId (EmailRecipient_emailId_idx serves it).
CREATE FUNCTION "mw_email_deleted_recipients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "EmailRecipient" WHERE "emailId" IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
CREATE TRIGGER "Email_deleted_recipients" AFTER DELETE ON "Email"
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION "mw_email_deleted_recipients"();
