import { domainToASCII } from "node:url";
import { appUrl, getEnv } from "@/lib/config/env";
import { createDnsLookup } from "@/lib/domains/create-dns-lookup";
import { logger } from "@/lib/log/logger";
import { blockedAddressReason } from "@/lib/webhooks/address-policy";
import { closeMxPools, sendThroughMxPool, type MxDestination, type MxPoolSettings } from "./mx-pools";
import { messageBytes } from "./message-bytes";
import { resolveHostAddresses, resolveMailHosts } from "./resolve-mail-hosts";
import { outcomeFromCode, type DeliveryOutcome, type MailTransport, type OutgoingMessage } from "./transport";

// Direct delivery (MAIL_TRANSPORT=mx): each recipient's domain is looked up through the
// DNS_SERVERS resolver and the message goes straight to its mail hosts on MX_PORT.

// Connection attempts per message across all hosts and addresses, so a domain listing dozens
// of dead hosts cannot hold a delivery job for long.
const MAX_CONNECTION_ATTEMPTS = 8;

// Once a server has answered MAIL FROM, RCPT TO or DATA, its reply is the outcome: another MX
// host of the same domain would only repeat it (or, worse, deliver what this one refused).
const TRANSACTION_COMMANDS = new Set(["MAIL FROM", "RCPT TO", "DATA"]);

interface HostFailure {
  host: string;
  address?: string;
  /** The SMTP reply code, when the host gave one. */
  code?: number;
  message: string;
}

type Attempt = { kind: "answer"; outcome: DeliveryOutcome } | { kind: "failure"; failure: HostFailure; tlsFailed: boolean };

interface SmtpError {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** The domain part in its ASCII (A-label) form, or null when there is none. */
function recipientDomain(address: string): string | null {
  const at = address.lastIndexOf("@");
  if (at < 0) return null;
  const domain = domainToASCII(
    address
      .slice(at + 1)
      .replace(/\.$/, "")
      .toLowerCase(),
  );
  return domain || null;
}

/** The EHLO name: the host our SMTP service is known by. It should match the sending IP's PTR. */
function heloName(): string {
  return getEnv().SMTP_PUBLIC_HOST ?? new URL(appUrl()).hostname;
}

/**
 * Whether MX hosts may resolve to loopback, private or link-local addresses: only with
 * MX_ALLOW_PRIVATE=1 (tests and local setups that deliver to 127.0.0.1), whatever APP_ENV says,
 * because a recipient domain's DNS is chosen by whoever sends to it, and would otherwise let a
 * sender reach port MX_PORT on our own network from a deploy that forgot APP_ENV.
 */
function allowPrivateAddresses(): boolean {
  return getEnv().MX_ALLOW_PRIVATE;
}

async function attempt(destination: MxDestination, settings: MxPoolSettings, message: OutgoingMessage): Promise<Attempt> {
  try {
    const info = await sendThroughMxPool(destination, settings, {
      envelope: { from: message.envelopeFrom, to: [message.recipient] },
      raw: await messageBytes(message),
    });
    const code = Number(/^(\d{3})/.exec(info.response)?.[1] ?? 250);
    return { kind: "answer", outcome: outcomeFromCode(code, info.response || "250 OK") };
  } catch (error) {
    const e = error as SmtpError;
    if (e.command && TRANSACTION_COMMANDS.has(e.command)) {
      if (e.responseCode) return { kind: "answer", outcome: outcomeFromCode(e.responseCode, e.response ?? e.message ?? "") };
      // nodemailer refuses before sending when the message exceeds the server's SIZE.
      if (e.code === "EMESSAGE") return { kind: "answer", outcome: { kind: "hard_bounce", code: 552, message: `552 5.3.4 ${e.message}` } };
    }
    const failure = {
      host: destination.host,
      address: destination.address,
      code: e.responseCode,
      message: e.response ?? e.message ?? String(error),
    };
    return { kind: "failure", failure, tlsFailed: e.code === "ETLS" };
  }
}

/** All hosts failed: a hard bounce only if every one of them answered 5xx. */
function summarize(domain: string, failures: HostFailure[]): DeliveryOutcome {
  const detail = failures
    .map((f) => `${f.host}${f.address && f.address !== f.host ? ` [${f.address}]` : ""}: ${f.message}`)
    .join("; ")
    .slice(0, 2000);
  const permanent = failures.length > 0 && failures.every((f) => f.code !== undefined && f.code >= 500 && f.code < 600);
  if (permanent) {
    const code = failures[failures.length - 1].code!;
    return {
      kind: "hard_bounce",
      code,
      message: failures.length === 1 ? failures[0].message : `${code} every mail host of ${domain} refused: ${detail}`,
    };
  }
  return { kind: "soft_bounce", code: 451, message: `451 4.4.1 no mail host of ${domain} took the message: ${detail || "no host to try"}` };
}

async function deliverDirect(message: OutgoingMessage): Promise<DeliveryOutcome> {
  const env = getEnv();
  const domain = recipientDomain(message.recipient);
  if (!domain) return { kind: "hard_bounce", code: 553, message: `553 5.1.3 ${message.recipient} has no valid domain` };
  // Composed (and signed) once, before any host: a failure here is ours, not a host's, and
  // every host is offered the same bytes.
  await messageBytes(message);
  const lookup = createDnsLookup();
  const route = await resolveMailHosts(domain, lookup);
  if (route.kind === "fail") return route.outcome;

  const settings = { heloName: heloName(), maxConnections: env.MX_MAX_CONNECTIONS_PER_HOST };
  const failures: HostFailure[] = [];
  let connections = 0;
  for (const host of route.hosts) {
    const resolved = await resolveHostAddresses(host, lookup);
    if (resolved.kind === "fail") {
      failures.push({ host: host.name, code: resolved.code, message: resolved.message });
      continue;
    }
    for (const address of resolved.addresses) {
      const blocked = allowPrivateAddresses() ? null : blockedAddressReason(address);
      if (blocked) {
        failures.push({
          host: host.name,
          address,
          code: 550,
          message: `550 5.4.4 ${address} is a ${blocked} address (set MX_ALLOW_PRIVATE=1 to deliver there)`,
        });
        continue;
      }
      if (connections >= MAX_CONNECTION_ATTEMPTS) return summarize(domain, failures);
      connections++;
      const destination = { host: host.name, address, port: env.MX_PORT, tls: true };
      let result = await attempt(destination, settings, message);
      // The TLS handshake failed after the server offered STARTTLS: opportunistic TLS then
      // delivers in plaintext, as MTAs do, rather than never reaching that host.
      if (result.kind === "failure" && result.tlsFailed) result = await attempt({ ...destination, tls: false }, settings, message);
      if (result.kind === "answer") return result.outcome;
      logger().info(
        { domain, host: host.name, address, port: env.MX_PORT, error: result.failure.message },
        "mx host failed, trying the next one",
      );
      failures.push(result.failure);
    }
  }
  return summarize(domain, failures);
}

export const mxTransport: MailTransport = {
  name: "mx",
  async send(message: OutgoingMessage): Promise<DeliveryOutcome> {
    try {
      return await deliverDirect(message);
    } catch (error) {
      // Anything unexpected (a bad DNS_SERVERS value, a bug) is retried rather than bounced.
      logger().error({ err: error, recipient: message.recipient }, "mx delivery failed");
      return { kind: "soft_bounce", code: 451, message: `451 4.3.0 ${(error as Error).message}` };
    }
  },
  async close() {
    closeMxPools();
  },
};
