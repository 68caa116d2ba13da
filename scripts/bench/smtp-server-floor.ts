import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * The SMTP library's own floor: smtp-server in this process with the relay's options that cost
 * per message (AUTH allowed without TLS, size limit, no reverse lookup, TCP_NODELAY), logging in
 * anyone and discarding every message after reading it. No key check, no database: what the
 * relay's Node side costs before it does any of its own work, as GET /api/health is for the
 * HTTP rows.
 */
export async function startSmtpServerFloor() {
  const server = new SMTPServer({
    authMethods: ["PLAIN", "LOGIN"],
    authOptional: true,
    allowInsecureAuth: true,
    size: 10 * 1024 * 1024,
    logger: false,
    disableReverseLookup: true,
    onAuth: (_auth, _session, callback) => callback(null, { user: "floor" }),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => callback(null, `2.0.0 discarded ${Buffer.concat(chunks).length} bytes`));
    },
  });
  server.server.on("connection", (socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
