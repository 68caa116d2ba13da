-- One delivery in flight per webhook across every worker: the message holding the lease, and
-- until when (an expired lease is taken over after a crash).
ALTER TABLE "Webhook" ADD COLUMN "deliveringMessageId" TEXT,
ADD COLUMN "deliveringUntil" TIMESTAMP(3);
