import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { ApiError } from "@/lib/api/errors";
import { consumeLocalWindowLimit } from "@/lib/api/rate-limit";
import { getEnv } from "@/lib/config/env";
import { logger } from "@/lib/log/logger";
import { applyInboundReport, findVerpRecipient, isVerpAddress } from "@/lib/relay/apply-inbound-report";
import { parseReport } from "@/lib/relay/parse-report";
import { createMessageBudget } from "@/lib/relay/read-message";
import { smtpError } from "@/lib/relay/smtp-errors";
import { baseSmtpOptions, handleSmtpData, listenSmtpServer } from "@/lib/relay/smtp-server-common";
import { loadTlsCredentials } from "@/lib/relay/tls-credentials";
import { findReceivingDomain } from "./find-receiving-domain";
import { receiveMessage } from "./receive-message";
import type { ReceivedForAccount } from "./store-received-email";

const MAX_RECIPIENTS = 100;

export interface InboundServer {
  port: number;
  close(): Promise<void>;
}

/** One transaction's recipients: per account, its addresses; and our VERP bounce addresses. */
interface Envelope {
  targets: Map<string, ReceivedForAccount>;
  reports: string[];
}

const envelopes = new WeakMap<SMTPServerSession, Envelope>();
const envelopeOf = (session: SMTPServerSession) => {
  let envelope = envelopes.get(session);
  if (!envelope) envelopes.set(session, (envelope = { targets: new Map(), reports: [] }));
  return envelope;
};

const temporary = (error: unknown) => {
  logger().error({ err: error }, "inbound smtp: unexpected error");
  return smtpError(451, "4.3.0 temporary server error; try again later");
};

/**
 * The MX side of Mailwright (INBOUND_SMTP_PORT; 25 in production): other mail servers deliver
 * here, without AUTH. A recipient is accepted only at a domain that receives here (550
 * otherwise: no relaying for anyone), or at one of our VERP bounce addresses (bounce and
 * complaint reports, as on the relay port). Each sending address gets
 * INBOUND_RATE_LIMIT_PER_MINUTE messages a minute from this process (counted here, as an MTA
 * counts per host, so a flood costs no database work) and SMTP_MAX_CONNECTIONS_PER_ADDRESS
 * connections. A message is read within INBOUND_MAX_MESSAGE_BYTES, checked against its bounds
 * and its raw source committed before the 250, so a message once accepted is never lost; one
 * refused leaves nothing behind. The receiving.process job parses and stores it after.
 */
export async function startInboundServer(options: { port?: number; host?: string } = {}): Promise<InboundServer> {
  const env = getEnv();
  const tls = await loadTlsCredentials();
  const budget = createMessageBudget(Math.max(env.SMTP_MAX_INFLIGHT_BYTES, env.INBOUND_MAX_MESSAGE_BYTES));
  const rate = { name: "inbound-ip", points: env.INBOUND_RATE_LIMIT_PER_MINUTE, durationSeconds: 60 };
  const server = new SMTPServer({
    ...baseSmtpOptions({
      name: env.MX_HOST,
      banner: "Mailwright inbound SMTP",
      tls,
      maxBytes: env.INBOUND_MAX_MESSAGE_BYTES,
      maxRecipients: MAX_RECIPIENTS,
    }),
    disabledCommands: ["AUTH"],

    onMailFrom(_address, session, callback) {
      envelopes.set(session, { targets: new Map(), reports: [] });
      consumeLocalWindowLimit(rate, session.remoteAddress, "too many messages").then(
        () => callback(),
        (error) =>
          callback(
            error instanceof ApiError && error.code === "rate_limited"
              ? smtpError(451, `4.7.1 too many messages from ${session.remoteAddress}; slow down and retry later`)
              : temporary(error),
          ),
      );
    },

    onRcptTo(address, session, callback) {
      const envelope = envelopeOf(session);
      if (isVerpAddress(address.address)) {
        return findVerpRecipient(address.address).then(
          (found) => {
            if (!found) return callback(smtpError(550, "5.1.1 unknown bounce address"));
            envelope.reports.push(address.address);
            callback();
          },
          (error) => callback(temporary(error)),
        );
      }
      findReceivingDomain(address.address).then(
        (check) => {
          if (!check.ok) return callback(smtpError(check.code, check.text));
          const target = envelope.targets.get(check.domain.accountId) ?? {
            accountId: check.domain.accountId,
            domainId: check.domain.id,
            receivedFor: [],
          };
          target.receivedFor.push(address.address);
          envelope.targets.set(check.domain.accountId, target);
          callback();
        },
        (error) => callback(temporary(error)),
      );
    },

    onData(stream, session, callback) {
      handleSmtpData(stream, callback, { maxBytes: env.INBOUND_MAX_MESSAGE_BYTES, budget, unexpected: temporary }, async (raw) => {
        const envelope = envelopeOf(session);
        const ids = await receiveMessage({
          raw,
          targets: [...envelope.targets.values()],
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          remoteAddress: session.remoteAddress,
          helo: session.hostNameAppearsAs || null,
        });
        if (envelope.reports.length) {
          const report = await parseReport(raw);
          if (report) for (const verpAddress of envelope.reports) await applyInboundReport({ verpAddress, report });
        }
        return `2.0.0 ${ids.length ? `received as ${ids.join(", ")}` : "accepted"}`;
      });
    },
  });
  server.on("error", (error) => logger().warn({ err: error }, "inbound smtp: connection error"));
  const port = options.port ?? env.INBOUND_SMTP_PORT;
  const listening = await listenSmtpServer(server, {
    port,
    host: options.host,
    inUse: `inbound SMTP: port ${port} is in use; set INBOUND_SMTP_PORT, or INBOUND_SMTP_DISABLED=1 for a worker without it`,
  });
  logger().info({ port: listening.port }, "inbound smtp listening");
  return listening;
}
