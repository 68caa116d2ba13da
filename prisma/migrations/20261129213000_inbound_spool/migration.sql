-- Received messages accepted by the inbound SMTP server and not yet parsed: the raw source and
-- envelope, written before the 250; a job parses each into a ReceivedEmail and removes its row.
CREATE TABLE "InboundMessage" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "domainId" TEXT,
    "mailFrom" TEXT NOT NULL,
    "receivedFor" TEXT[],
    "raw" BYTEA NOT NULL,
    "remoteAddress" TEXT NOT NULL,
    "helo" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InboundMessage_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "InboundMessage_accountId_idx" ON "InboundMessage"("accountId");

ALTER TABLE "InboundMessage" ADD CONSTRAINT "InboundMessage_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The spool holds each source for moments: stored as it is, not compressed.
ALTER TABLE "InboundMessage" ALTER COLUMN "raw" SET STORAGE EXTERNAL;
