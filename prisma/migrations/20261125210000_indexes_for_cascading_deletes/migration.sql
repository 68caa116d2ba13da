-- A foreign key's ON DELETE action looks up the referencing rows by the referencing column, once
-- for every row deleted. Three of them had no index to do it with, so one account's request read
-- a whole table, every account's rows, once per row it deleted:
--   DELETE /contacts/{id}: the contact's enrollments (Enrollment.contactId, CASCADE);
--   DELETE /templates/{id}: the emails rendered from it (Email.templateId, SET NULL);
--   deleting emails (expired test-run emails, an account): each recipient's events
--   (EmailEvent.recipientId, CASCADE), one read of the event table per recipient.
-- Partial indexes: the lookups are never for NULL, and rows without one (most API emails have no
-- template, test-run enrollments no contact) write no entry.
CREATE INDEX "Enrollment_contactId_idx" ON "Enrollment"("contactId") WHERE ("contactId" IS NOT NULL);
CREATE INDEX "Email_templateId_idx" ON "Email"("templateId") WHERE ("templateId" IS NOT NULL);
CREATE INDEX "EmailEvent_recipientId_idx" ON "EmailEvent"("recipientId") WHERE ("recipientId" IS NOT NULL);
