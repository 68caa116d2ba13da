-- The account's frequency cap (its count reads a contact's runs by Enrollment_contactId_idx).
ALTER TABLE "Account" ADD COLUMN "frequencyCap" JSONB;
