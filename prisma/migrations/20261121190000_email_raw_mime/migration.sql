-- SMTP relay: the original message as received (latin1 string of its bytes), signed and sent as is.
ALTER TABLE "Email" ADD COLUMN "rawMime" TEXT;
