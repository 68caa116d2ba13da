import net from "node:net";

/**
 * A bare SMTP client on a raw socket, for what real clients refuse to send (bare LF, pipelined
 * commands). Writes each chunk after the previous reply and returns every reply line.
 */
export async function rawSmtpSession(port: number, chunks: string[]): Promise<string[]> {
  const socket = net.connect(port, "127.0.0.1");
  const lines: string[] = [];
  let buffer = "";
  let waiter: (() => void) | null = null;
  let failer: ((error: Error) => void) | null = null;
  socket.on("error", (error) => failer?.(error));
  socket.on("data", (d) => {
    buffer += d.toString("latin1");
    let i: number;
    while ((i = buffer.indexOf("\r\n")) !== -1) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      lines.push(line);
      // A final reply line has a space after the code ("250 ok"; "250-..." continues).
      if (/^\d{3} /.test(line)) waiter?.();
    }
  });
  const reply = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no SMTP reply; got ${JSON.stringify(lines)}`)), 10_000);
      failer = (error) => {
        clearTimeout(timer);
        reject(error);
      };
      waiter = () => {
        clearTimeout(timer);
        waiter = null;
        resolve();
      };
    });
  await reply();
  for (const chunk of chunks) {
    const next = reply();
    socket.write(chunk);
    await next;
  }
  socket.end();
  return lines;
}
