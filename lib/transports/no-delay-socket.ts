import net from "node:net";

/**
 * nodemailer's `getSocket` hook for every outgoing SMTP connection (smarthost and MX pools): a
 * TCP socket with Nagle's algorithm off. SMTP is a chain of short commands and replies; with
 * Nagle on, a command written while the previous segment is unacknowledged waits for the
 * peer's delayed ACK (40 ms on Linux), which capped a pooled connection at about 22 messages/s.
 *
 * The socket is handed over while it connects: nodemailer attaches its error handler at once
 * (a refused connection fails as before), writes the client's first command after the greeting,
 * and its greeting timeout bounds the connect too. TLS (implicit or STARTTLS) wraps this socket,
 * so the setting holds underneath it.
 */
export function noDelaySocket(
  options: { host?: string; port?: number; secure?: boolean; localAddress?: string },
  callback: (error: Error | null, socketOptions: { connection: net.Socket }) => void,
) {
  const connection = net.connect({
    host: options.host ?? "localhost",
    // nodemailer's own default port (SMTPConnection): 465 for implicit TLS, else 587.
    port: Number(options.port) || (options.secure ? 465 : 587),
    localAddress: options.localAddress,
    noDelay: true,
    keepAlive: true,
  });
  callback(null, { connection });
}
