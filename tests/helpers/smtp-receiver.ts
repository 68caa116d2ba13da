import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface ReceivedMessage {
  mailFrom: string;
  rcptTo: string[];
  raw: Buffer;
  /** Whether the message came over TLS (STARTTLS). */
  secure: boolean;
  /** The name the client gave in EHLO/HELO. */
  helo: string;
  /** When the message was accepted (Date.now(), before the 250 went out). */
  receivedAt: number;
}

export interface SmtpReceiverOptions {
  /** Address to listen on (default 127.0.0.1; any 127.x.y.z works on Linux). */
  host?: string;
  /** Port to listen on (default: any free one). */
  port?: number;
  /** A key and certificate to offer STARTTLS with (default: STARTTLS is not offered). */
  tls?: { key: string; cert: string };
  /** Refuse every connection with this code in the greeting (e.g. 421, 554). */
  greeting?: number;
  /**
   * Wait this long after a message's data before answering 250 (a slow receiver). A message
   * counts as received only once the 250 went out: a client gone by then never got it.
   */
  dataDelayMs?: () => number;
}

/**
 * A real SMTP server (smtp-server) that stores what it receives. `reply` decides the answer per
 * recipient: return an SMTP code (250 accepts; 4xx/5xx reject that RCPT); keep state in the
 * closure to script a sequence (451 the first time, then 250).
 */
export async function startSmtpReceiver(reply: (rcpt: string) => number = () => 250, options: SmtpReceiverOptions = {}) {
  const messages: ReceivedMessage[] = [];
  const stats = { connections: 0, open: 0, maxOpen: 0 };
  const closed = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: options.tls ? [] : ["STARTTLS"],
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    logger: false,
    onConnect(_session, callback) {
      stats.connections++;
      stats.open++;
      stats.maxOpen = Math.max(stats.maxOpen, stats.open);
      if (options.greeting) {
        return callback(
          Object.assign(new Error(options.greeting >= 500 ? "no service here" : "too busy, try later"), { responseCode: options.greeting }),
        );
      }
      callback();
    },
    onClose(session) {
      stats.open--;
      closed.add(session.id);
    },
    onRcptTo(address, _session, callback) {
      const code = reply(address.address);
      if (code >= 400) {
        const error = Object.assign(new Error(code >= 500 ? "mailbox unavailable" : "try again later"), { responseCode: code });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const delay = options.dataDelayMs?.() ?? 0;
        if (delay > 0) {
          setTimeout(() => {
            if (closed.has(session.id)) return;
            record();
          }, delay);
          return;
        }
        record();
      });
      const record = () => {
        messages.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
          secure: session.secure,
          helo: session.hostNameAppearsAs,
          receivedAt: Date.now(),
        });
        callback();
      };
    },
  });
  // A client killed mid-session resets its connection: smtp-server reports that as an "error"
  // event, which must not take the test process down.
  server.on("error", () => {});
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host,
    port,
    url: `smtp://${host}:${port}`,
    messages,
    /** Connections accepted so far, open now, and the most open at once. */
    stats,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
