import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** An SMTP sink on 127.0.0.1 that accepts everything and only counts. */
export async function startSink() {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        count += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, url: `smtp://127.0.0.1:${port}`, count: () => count, close: () => new Promise<void>((r) => server.close(() => r())) };
}
