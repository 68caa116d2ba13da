import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { smtpTransport } from "@/lib/transports/smtp-transport";
import { startSmtpReceiver } from "./smtp-receiver";

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

/**
 * For the whole file: a real SMTP receiver (answering each recipient with `reply`) as the
 * smarthost the product delivers to (MAIL_TRANSPORT=smtp), handed to `use` once it listens;
 * the transport's pool and the receiver are closed, and the settings removed, after the file.
 */
export function deliverToSmtpReceiver(use: (receiver: SmtpReceiver) => void, reply?: (rcpt: string) => number) {
  let receiver: SmtpReceiver | undefined;
  beforeAll(async () => {
    receiver = await startSmtpReceiver(reply);
    process.env.MAIL_TRANSPORT = "smtp";
    process.env.SMTP_URL = receiver.url;
    resetEnvCache();
    use(receiver);
  });
  afterAll(async () => {
    await smtpTransport.close?.();
    await receiver?.close();
    delete process.env.MAIL_TRANSPORT;
    delete process.env.SMTP_URL;
    resetEnvCache();
  });
}
