import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { getEnv } from "@/lib/config/env";
import { authenticateApiKey, type KeyAuth } from "@/lib/api-keys/authenticate-api-key";
import { scopeAllows } from "@/lib/api-keys/scopes";
import { consumeRateLimit, limitConfig } from "@/lib/api/rate-limit";
import { parseAddress } from "@/lib/emails/addresses";
import { logger } from "@/lib/log/logger";
import { acceptRelayMessage } from "./accept-relay-message";
import { SMTP_USERNAME } from "./get-smtp-settings";
import { applyInboundReport, findVerpRecipient, isVerpAddress } from "./apply-inbound-report";
import { parseReport } from "./parse-report";
import { hasBareLf } from "./raw-message";
import { smtpError, smtpErrorFrom } from "./smtp-errors";
import { loadTlsCredentials } from "./tls-credentials";

// Three address fields of 50 each, as POST /emails allows.
const MAX_RECIPIENTS = 150;

export interface SmtpRelay {
  port: number;
  close(): Promise<void>;
}

const keyOf = (session: SMTPServerSession) => session.user as KeyAuth | undefined;

function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

/**
 * The SMTP side of Mailwright on one port (DESIGN 6 and 9). Authenticated sessions (AUTH
 * PLAIN/LOGIN, username `mailwright`, password an API key that may send) relay into the
 * sending pipeline; unauthenticated ones may only deliver DSN and ARF reports to our VERP
 * bounce addresses. STARTTLS is always offered; SMTP_REQUIRE_TLS=1 refuses AUTH before it.
 */
export async function startSmtpRelay(options: { port?: number; host?: string } = {}): Promise<SmtpRelay> {
  const env = getEnv();
  const tls = await loadTlsCredentials();
  const server = new SMTPServer({
    name: env.SMTP_PUBLIC_HOST,
    banner: "Mailwright SMTP relay",
    key: tls.key,
    cert: tls.cert,
    authMethods: ["PLAIN", "LOGIN"],
    authOptional: true,
    allowInsecureAuth: !env.SMTP_REQUIRE_TLS,
    size: env.SMTP_MAX_MESSAGE_BYTES,
    rejectOversized: true,
    maxRecipients: MAX_RECIPIENTS,
    logger: false,
    // Nothing reads the client's PTR name (no Received line is written, logging is off), and
    // the lookup delays every greeting by up to 1.5 s when the resolver is slow.
    disableReverseLookup: true,

    onAuth(auth, _session, callback) {
      const refuse = () =>
        callback(smtpError(535, `5.7.8 authentication failed: log in as "${SMTP_USERNAME}" with an API key that has the send:email or full_access scope`));
      if (auth.username?.toLowerCase() !== SMTP_USERNAME || !auth.password) return refuse();
      authenticateApiKey(auth.password).then(
        (key) => (key && scopeAllows(key.scopes, "send:email") ? callback(null, { user: key }) : refuse()),
        (error) => callback(smtpErrorFrom(error)),
      );
    },

    onMailFrom(_address, session, callback) {
      const key = keyOf(session);
      if (!key) return callback(); // bounces arrive unauthenticated, often with MAIL FROM:<>
      // One message per MAIL FROM counts against the key's API rate limit.
      consumeRateLimit(`smtp:${key.apiKeyId}`, limitConfig(key.rateLimit)).then(() => callback(), (error) => callback(smtpErrorFrom(error)));
    },

    onRcptTo(address, session, callback) {
      if (keyOf(session)) {
        return parseAddress(address.address) ? callback() : callback(smtpError(553, "5.1.3 not a valid recipient address"));
      }
      if (!isVerpAddress(address.address)) {
        return callback(smtpError(530, "5.7.0 authentication required: log in to relay mail (bounce reports go to bounce+<token>@send.<domain>)"));
      }
      findVerpRecipient(address.address).then(
        (found) => (found ? callback() : callback(smtpError(550, "5.1.1 unknown bounce address"))),
        (error) => callback(smtpErrorFrom(error)),
      );
    },

    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) throw smtpError(552, `5.3.4 message exceeds the ${env.SMTP_MAX_MESSAGE_BYTES}-byte limit`);
          if (hasBareLf(raw)) throw smtpError(550, "5.6.0 bare LF line endings are not allowed; end every line with CRLF (RFC 5321 2.3.8)");
          // Not allowed in SMTP without BINARYMIME, and a PostgreSQL text column cannot hold it.
          if (raw.includes(0)) throw smtpError(550, "5.6.0 NUL bytes are not allowed in a message; encode binary parts as base64");
          const key = keyOf(session);
          const rcptTo = session.envelope.rcptTo.map((r) => r.address);
          if (key) {
            const { id, replayed } = await acceptRelayMessage({ accountId: key.accountId, rcptTo, raw });
            return `2.0.0 ${replayed ? "already accepted" : "queued"} as ${id}`;
          }
          const report = await parseReport(raw);
          if (!report) return "2.0.0 accepted; not a delivery or feedback report, ignored";
          for (const verpAddress of rcptTo) await applyInboundReport({ verpAddress, report });
          return `2.0.0 ${report.kind} report recorded`;
        })
        .then(
          (message) => callback(null, message),
          (error: Error & { responseCode?: number }) => callback(error.responseCode ? error : smtpErrorFrom(error)),
        );
    },
  });
  server.on("error", (error) => logger().warn({ err: error }, "smtp relay: connection error"));
  const port = options.port ?? env.SMTP_PORT;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new Error(`SMTP relay: port ${port} is in use; set SMTP_PORT, or SMTP_RELAY_DISABLED=1 for a worker without the relay`) : error);
    server.server.once("error", fail);
    server.listen(port, options.host, () => {
      server.server.off("error", fail);
      resolve();
    });
  });
  const bound = (server.server.address() as AddressInfo).port;
  logger().info({ port: bound, tls: tls.selfSigned ? "self-signed" : "configured", requireTls: env.SMTP_REQUIRE_TLS }, "smtp relay listening");
  return { port: bound, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
