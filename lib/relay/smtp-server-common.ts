import type { AddressInfo, Socket } from "node:net";
import type { SMTPServer, SMTPServerDataStream, SMTPServerOptions, SMTPServerSession } from "smtp-server";
import { getEnv } from "@/lib/config/env";
import { createConnectionLimiter } from "./connection-limiter";
import { bareLineBreak } from "./raw-message";
import { readMessage, type MessageBudget } from "./read-message";
import { smtpError } from "./smtp-errors";

/**
 * The options both SMTP servers share: STARTTLS with `tls`, a message over `maxBytes` refused
 * as it arrives, at most `maxRecipients` per message. Past SMTP_MAX_CONNECTIONS clients
 * smtp-server answers 421 itself; onConnect caps each client address at
 * SMTP_MAX_CONNECTIONS_PER_ADDRESS (421 too), and onClose frees the session's place before
 * calling `onClose`. Nothing reads the client's PTR name (no Received line is written, logging
 * is off), and the lookup delays every greeting by up to 1.5 s when the resolver is slow: it is
 * turned off.
 */
export function baseSmtpOptions(options: {
  /** The host name in the greeting; smtp-server uses the machine's when unset. */
  name: string | undefined;
  banner: string;
  tls: { key: SMTPServerOptions["key"]; cert: SMTPServerOptions["cert"] };
  maxBytes: number;
  maxRecipients: number;
  onClose?: (session: SMTPServerSession) => void;
}): SMTPServerOptions {
  const env = getEnv();
  const limiter = createConnectionLimiter(env.SMTP_MAX_CONNECTIONS_PER_ADDRESS);
  return {
    name: options.name,
    banner: options.banner,
    key: options.tls.key,
    cert: options.tls.cert,
    size: options.maxBytes,
    rejectOversized: true,
    maxRecipients: options.maxRecipients,
    maxClients: env.SMTP_MAX_CONNECTIONS,
    logger: false,
    disableReverseLookup: true,
    onConnect(session, callback) {
      if (limiter.admit(session)) return callback();
      callback(smtpError(421, `4.7.0 too many connections from ${session.remoteAddress}; close one and try again`));
    },
    onClose(session) {
      limiter.release(session);
      options.onClose?.(session);
    },
  };
}

const BARE_LINE_BREAK = {
  LF: "5.6.0 bare LF line endings are not allowed; end every line with CRLF (RFC 5321 2.3.8)",
  CR: "5.6.0 bare CR line endings are not allowed; end every line with CRLF (RFC 5321 2.3.8)",
};

type SmtpError = Error & { responseCode?: number };

/**
 * onData for both SMTP servers: reads the message within `maxBytes` and the shared `budget`,
 * refuses what no server may store (too large: 552; budget spent: 452; a bare CR or LF, which
 * could smuggle a second message, or a NUL byte, which SMTP without BINARYMIME forbids and a
 * PostgreSQL text column cannot hold: 550), then answers 250 with `handle`'s text. The message's
 * bytes go back to the budget once `handle` settles. An error without an SMTP code is answered
 * with `unexpected(error)`.
 */
export function handleSmtpData(
  stream: SMTPServerDataStream,
  callback: (error?: Error | null, message?: string) => void,
  options: { maxBytes: number; budget: MessageBudget; unexpected: (error: unknown) => Error },
  handle: (raw: Buffer) => Promise<string>,
): void {
  let release = () => {};
  readMessage(stream, options.maxBytes, options.budget)
    .then(async (read) => {
      release = read.release;
      const { raw } = read;
      if (read.refused === 452) throw smtpError(452, "4.3.1 too many large messages in progress; try again later");
      if (!raw) throw smtpError(552, `5.3.4 message exceeds the ${options.maxBytes}-byte limit`);
      const bare = bareLineBreak(raw);
      if (bare) throw smtpError(550, BARE_LINE_BREAK[bare]);
      if (raw.includes(0)) throw smtpError(550, "5.6.0 NUL bytes are not allowed in a message; encode binary parts as base64");
      return handle(raw);
    })
    .finally(() => release())
    .then(
      (message) => callback(null, message),
      (error: SmtpError) => callback(error.responseCode ? error : options.unexpected(error)),
    );
}

/**
 * Starts `server` on `port`: a port already in use fails with `inUse` (what to set instead);
 * Nagle is turned off, since replies are short writes, one per command, and with Nagle on a reply
 * written while the previous one is unacknowledged waits for the client's delayed ACK (40 ms).
 * Instead the replies written in one turn of the event loop leave in one write (coalesceReplies):
 * a pipelining client's MAIL, RCPT and DATA answers go out as one packet and one system call.
 * Resolves to the bound port (the one chosen when `port` is 0) and a close that waits for the
 * server to stop.
 */
export async function listenSmtpServer(
  server: SMTPServer,
  options: { port: number; host?: string; inUse: string },
): Promise<{ port: number; close(): Promise<void> }> {
  server.server.on("connection", (socket: Socket) => {
    socket.setNoDelay(true);
    coalesceReplies(socket);
  });
  await new Promise<void>((resolve, reject) => {
    const fail = (error: NodeJS.ErrnoException) => reject(error.code === "EADDRINUSE" ? new Error(options.inUse) : error);
    server.server.once("error", fail);
    server.listen(options.port, options.host, () => {
      server.server.off("error", fail);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Holds a socket's writes from the first one in a turn of the event loop until the turn's
 * I/O callbacks have run (setImmediate), then sends them together: what a client pipelined
 * is answered in one write, and a lone reply waits for nothing but the current turn.
 */
export function coalesceReplies(socket: Socket) {
  const write = socket.write;
  let corked = false;
  const flush = () => {
    corked = false;
    if (!socket.destroyed) socket.uncork();
  };
  socket.write = function (this: Socket, ...args: Parameters<Socket["write"]>) {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      setImmediate(flush);
    }
    return write.apply(this, args);
  } as Socket["write"];
}
