import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { getEnv } from "@/lib/config/env";
import { authenticateApiKey, authenticateKeyHash, type KeyAuth } from "@/lib/api-keys/authenticate-api-key";
import { hashApiKey } from "@/lib/api-keys/key-format";
import { scopeAllows } from "@/lib/api-keys/scopes";
import { consumeRateLimit, limitConfig } from "@/lib/api/rate-limit";
import { parseAddress } from "@/lib/emails/addresses";
import { endAcceptSource } from "@/lib/emails/group-commit-accepted-emails";
import { logger } from "@/lib/log/logger";
import { acceptRelayMessage } from "./accept-relay-message";
import { insecureAuthAllowed, SMTP_USERNAME } from "./get-smtp-settings";
import { applyInboundReport, findVerpRecipient, isVerpAddress } from "./apply-inbound-report";
import { parseReport } from "./parse-report";
import { createMessageBudget } from "./read-message";
import { baseSmtpOptions, handleSmtpData, listenSmtpServer } from "./smtp-server-common";
import { smtpError, smtpErrorFrom } from "./smtp-errors";
import { loadTlsCredentials } from "./tls-credentials";

// Three address fields of 50 each, as POST /emails allows.
const MAX_RECIPIENTS = 150;

/**
 * A MAIL FROM's rate-limit count waits, at most this long, for the MAIL FROMs of the key's other
 * sessions that sent one within SENDING_MS (rate-limit.ts, Gather): the group commit answers an
 * account's busy sessions together, so their next MAIL FROMs arrive together and share one
 * round trip instead of two or three. Nothing needs the count before the end of DATA, three of
 * the client's round trips (RCPT, DATA, the message) later; a lone session never waits.
 */
const LIMIT_GATHER_MS = 1;
const SENDING_MS = 1000;

/** Per API key, its sessions' last MAIL FROM (performance.now()); a closed session is removed. */
const sending = new Map<string, Map<string, number>>();

/** How many of the key's sessions (this one included) sent a MAIL FROM within SENDING_MS. */
function sendingSessions(apiKeyId: string, sessionId: string): number {
  const at = performance.now();
  let sessions = sending.get(apiKeyId);
  if (!sessions) sending.set(apiKeyId, (sessions = new Map()));
  sessions.set(sessionId, at);
  for (const [id, last] of sessions) if (last < at - SENDING_MS) sessions.delete(id);
  return sessions.size;
}

export interface SmtpRelay {
  port: number;
  close(): Promise<void>;
}

// A logged-in session: the key as last checked, and its hash to check it again (not the key).
interface RelayUser {
  key: KeyAuth;
  keyHash: string;
  /** The rate-limit count of the current transaction, started at MAIL FROM: its refusal, or null. */
  limit?: Promise<Error | null>;
}

const userOf = (session: SMTPServerSession) => session.user as RelayUser | undefined;
const keyOf = (session: SMTPServerSession) => userOf(session)?.key;

/**
 * The SMTP side of Mailwright on one port. Authenticated sessions (AUTH
 * PLAIN/LOGIN, username `mailwright`, password an API key that may send) relay into the
 * sending pipeline; unauthenticated ones may only deliver DSN and ARF reports to our VERP
 * bounce addresses. STARTTLS is always offered, and AUTH is refused before it (538) unless
 * SMTP_ALLOW_INSECURE_AUTH=1. The key is checked again at every MAIL FROM, so a key revoked
 * while a client stays connected stops working there.
 */
export async function startSmtpRelay(options: { port?: number; host?: string } = {}): Promise<SmtpRelay> {
  const env = getEnv();
  const tls = await loadTlsCredentials();
  // The bytes of messages held (read, parsed, being stored) across sessions: many large
  // messages at once get a 452 (try later) instead of taking the worker's heap.
  const budget = createMessageBudget(Math.max(env.SMTP_MAX_INFLIGHT_BYTES, env.SMTP_MAX_MESSAGE_BYTES));
  const server = new SMTPServer({
    ...baseSmtpOptions({
      name: env.SMTP_PUBLIC_HOST,
      banner: "Mailwright SMTP relay",
      tls,
      maxBytes: env.SMTP_MAX_MESSAGE_BYTES,
      maxRecipients: MAX_RECIPIENTS,
      onClose(session) {
        endAcceptSource(session.id);
        const apiKeyId = keyOf(session)?.apiKeyId;
        const sessions = apiKeyId ? sending.get(apiKeyId) : undefined;
        sessions?.delete(session.id);
        if (apiKeyId && sessions?.size === 0) sending.delete(apiKeyId);
      },
    }),
    authMethods: ["PLAIN", "LOGIN"],
    authOptional: true,
    allowInsecureAuth: insecureAuthAllowed(),

    onAuth(auth, _session, callback) {
      const refuse = () =>
        callback(
          smtpError(
            535,
            `5.7.8 authentication failed: log in as "${SMTP_USERNAME}" with an API key that has the send:email or full_access scope`,
          ),
        );
      if (auth.username?.toLowerCase() !== SMTP_USERNAME || !auth.password) return refuse();
      const password = auth.password;
      authenticateApiKey(password).then(
        (key) =>
          key && scopeAllows(key.scopes, "send:email")
            ? callback(null, { user: { key, keyHash: hashApiKey(password) } satisfies RelayUser })
            : refuse(),
        (error) => callback(smtpErrorFrom(error)),
      );
    },

    onMailFrom(_address, session, callback) {
      const user = userOf(session);
      if (!user) return callback(); // bounces arrive unauthenticated, often with MAIL FROM:<>
      authenticateKeyHash(user.keyHash)
        .then(async (key) => {
          if (!key || !scopeAllows(key.scopes, "send:email")) {
            throw smtpError(
              535,
              "5.7.8 the API key this session logged in with has been revoked or can no longer send; log in again with an active key",
            );
          }
          user.key = key;
          // One message per MAIL FROM counts against the key's API rate limit. The count is a
          // round trip to the shared store: it runs while the client sends RCPT TO and the
          // message, and the end of DATA waits for it (a message over the limit is refused
          // there with the same 451, before anything is stored). The key's other busy sessions'
          // MAIL FROMs are counted with it (LIMIT_GATHER_MS).
          const gather = { expected: sendingSessions(key.apiKeyId, session.id), maxMs: LIMIT_GATHER_MS };
          user.limit = consumeRateLimit(`smtp:${key.apiKeyId}`, limitConfig(key.rateLimit), { gather }).then(
            () => null,
            (error: Error) => error,
          );
        })
        .then(
          () => callback(),
          (error: Error & { responseCode?: number }) => callback(error.responseCode ? error : smtpErrorFrom(error)),
        );
    },

    onRcptTo(address, session, callback) {
      if (keyOf(session)) {
        return parseAddress(address.address) ? callback() : callback(smtpError(553, "5.1.3 not a valid recipient address"));
      }
      if (!isVerpAddress(address.address)) {
        return callback(
          smtpError(530, "5.7.0 authentication required: log in to relay mail (bounce reports go to bounce+<token>@send.<domain>)"),
        );
      }
      findVerpRecipient(address.address).then(
        (found) => (found ? callback() : callback(smtpError(550, "5.1.1 unknown bounce address"))),
        (error) => callback(smtpErrorFrom(error)),
      );
    },

    onData(stream, session, callback) {
      handleSmtpData(stream, callback, { maxBytes: env.SMTP_MAX_MESSAGE_BYTES, budget, unexpected: smtpErrorFrom }, async (raw) => {
        const key = keyOf(session);
        const rcptTo = session.envelope.rcptTo.map((r) => r.address);
        if (key) {
          const user = userOf(session)!;
          const limited = await user.limit;
          user.limit = undefined;
          if (limited) throw limited;
          const { id, replayed } = await acceptRelayMessage({ accountId: key.accountId, rcptTo, raw, session: session.id });
          return `2.0.0 ${replayed ? "already accepted" : "queued"} as ${id}`;
        }
        const report = await parseReport(raw);
        if (!report) return "2.0.0 accepted; not a delivery or feedback report, ignored";
        for (const verpAddress of rcptTo) await applyInboundReport({ verpAddress, report });
        return `2.0.0 ${report.kind} report recorded`;
      });
    },
  });
  server.on("error", (error) => logger().warn({ err: error }, "smtp relay: connection error"));
  const port = options.port ?? env.SMTP_PORT;
  const listening = await listenSmtpServer(server, {
    port,
    host: options.host,
    inUse: `SMTP relay: port ${port} is in use; set SMTP_PORT, or SMTP_RELAY_DISABLED=1 for a worker without the relay`,
  });
  logger().info(
    { port: listening.port, tls: tls.selfSigned ? "self-signed" : "configured", insecureAuth: insecureAuthAllowed() },
    "smtp relay listening",
  );
  return listening;
}
