import net from "node:net";

export interface RawSmtp {
  /** Every reply line so far. */
  lines: string[];
  /** Writes `chunk` and waits for the next final reply line; returns it. */
  send(chunk: string | Buffer): Promise<string>;
  /** Writes without waiting for a reply, honouring backpressure (for a large DATA body). */
  write(chunk: string | Buffer): Promise<void>;
  /** Waits for the next final reply line. */
  reply(): Promise<string>;
  close(): void;
}

/**
 * A bare SMTP client on a raw socket, for what real clients refuse to send (bare LF, pipelined
 * commands, a message far over the size limit) and for holding connections open, from
 * `localAddress` when given (any 127.0.0.x). Resolves once the greeting (lines[0]) is read.
 */
export async function openRawSmtp(port: number, options: { localAddress?: string } = {}): Promise<RawSmtp> {
  const socket = net.connect({ port, host: "127.0.0.1", localAddress: options.localAddress });
  const lines: string[] = [];
  const finals: string[] = [];
  let buffer = "";
  let waiter: (() => void) | null = null;
  let failure: Error | null = null;
  socket.on("error", (error) => {
    failure = error;
    waiter?.();
  });
  socket.on("close", () => {
    failure ??= new Error(`connection closed; got ${JSON.stringify(lines)}`);
    waiter?.();
  });
  socket.on("data", (d) => {
    buffer += d.toString("latin1");
    let i: number;
    while ((i = buffer.indexOf("\r\n")) !== -1) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      lines.push(line);
      // A final reply line has a space after the code ("250 ok"; "250-..." continues).
      if (/^\d{3} /.test(line)) finals.push(line);
    }
    if (finals.length) waiter?.();
  });
  const reply = () =>
    new Promise<string>((resolve, reject) => {
      const take = () => {
        if (finals.length) {
          clearTimeout(timer);
          waiter = null;
          resolve(finals.shift()!);
          return true;
        }
        if (failure) {
          clearTimeout(timer);
          waiter = null;
          reject(failure);
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        waiter = null;
        reject(new Error(`no SMTP reply; got ${JSON.stringify(lines)}`));
      }, 20_000);
      if (!take()) waiter = () => void take();
    });
  const write = (chunk: string | Buffer) =>
    new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure);
      if (socket.write(chunk)) resolve();
      else socket.once("drain", resolve);
    });
  await reply();
  return {
    lines,
    reply,
    write,
    async send(chunk) {
      const next = reply();
      socket.write(chunk);
      return next;
    },
    close: () => socket.destroy(),
  };
}

/** Writes each chunk after the previous reply and returns every reply line. */
export async function rawSmtpSession(port: number, chunks: string[]): Promise<string[]> {
  const smtp = await openRawSmtp(port);
  for (const chunk of chunks) await smtp.send(chunk);
  smtp.close();
  return smtp.lines;
}
