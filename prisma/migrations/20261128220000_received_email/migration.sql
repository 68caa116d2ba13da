-- Inbound mail: a domain's receiving switch and its address list (empty: catch-all), and the
-- received messages with their attachments.
ALTER TABLE "Domain" ADD COLUMN "receiving" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Domain" ADD COLUMN "receivingAddresses" TEXT[] DEFAULT ARRAY[]::TEXT[];

CREATE TABLE "ReceivedEmail" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "domainId" TEXT,
    "mailFrom" TEXT NOT NULL,
    "receivedFor" TEXT[],
    "from" TEXT NOT NULL,
    "to" TEXT[],
    "cc" TEXT[],
    "bcc" TEXT[],
    "replyTo" TEXT[],
    "subject" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "html" TEXT,
    "text" TEXT,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "raw" BYTEA NOT NULL,
    "size" INTEGER NOT NULL,
    "remoteAddress" TEXT NOT NULL,
    "helo" TEXT,
    "authResults" JSONB NOT NULL DEFAULT '{}',
    "replyToEmailId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReceivedEmail_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ReceivedAttachment" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "receivedEmailId" TEXT NOT NULL,
    "filename" TEXT,
    "contentType" TEXT NOT NULL,
    "contentDisposition" TEXT NOT NULL,
    "contentId" TEXT,
    "size" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "ReceivedAttachment_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "ReceivedEmail_accountId_createdAt_idx" ON "ReceivedEmail"("accountId", "createdAt" DESC);
CREATE INDEX "ReceivedEmail_domainId_idx" ON "ReceivedEmail"("domainId");
CREATE INDEX "ReceivedAttachment_receivedEmailId_idx" ON "ReceivedAttachment"("receivedEmailId");

ALTER TABLE "ReceivedEmail" ADD CONSTRAINT "ReceivedEmail_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReceivedEmail" ADD CONSTRAINT "ReceivedEmail_domainId_fkey" FOREIGN KEY ("domainId") REFERENCES "Domain"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "ReceivedAttachment" ADD CONSTRAINT "ReceivedAttachment_receivedEmailId_fkey" FOREIGN KEY ("receivedEmailId") REFERENCES "ReceivedEmail"("id") ON DELETE CASCADE ON UPDATE CASCADE;
