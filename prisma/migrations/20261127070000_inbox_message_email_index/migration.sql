-- The maintenance purge deletes a finished automation test run's emails after 30 days, and now
-- their copies in the dev inbox too (a test run's emails are stored only there): it finds those
-- by email id. Partial: the service's own mail (sign-up confirmation) has no email id.
CREATE INDEX "InboxMessage_emailId_idx" ON "InboxMessage"("emailId") WHERE ("emailId" IS NOT NULL);
