import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** Spooled messages the poller parses and stores in one batch. */
export const INBOUND_PROCESS_BATCH_SIZE = 16;

// A received message after its 250: the inbound SMTP server wrote its raw source and envelope
// (an InboundMessage row) and this job in one statement. The handler parses it, records its
// SPF, DKIM and DMARC results, stores it as the ReceivedEmail of the same id (attachments, the
// reply link, the email.received webhook messages) and deletes the spooled row, all in one
// transaction, so a crash before the commit leaves the row for the next attempt and one after
// it leaves nothing to do.
export const processInboundJob = defineJob({
  id: "receiving.process",
  payload: z.object({ inboundId: z.string().min(1) }),
  maxAttempts: 10,
  backoff: { baseSeconds: 5, factor: 3, maxSeconds: 3600 },
  batch: { size: INBOUND_PROCESS_BATCH_SIZE },
});
