import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The exact bytes received. */
  raw: Buffer;
  body: string;
  json: unknown;
  at: number;
  /** Whether the receiver has written its answer yet (false while a delayed answer waits). */
  answered: boolean;
}

export interface Reply {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
}

/**
 * A real HTTP server on 127.0.0.1 that records every request (raw body and headers) and
 * answers as the test says: `reply` gets the request and its 1-based number; by default 200.
 */
export async function startWebhookReceiver(
  reply: (req: ReceivedRequest, n: number) => Reply = () => ({}),
  options: { port?: number } = {},
) {
  const requests: ReceivedRequest[] = [];
  let respond = reply;
  let waiters: (() => void)[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const body = raw.toString("utf8");
      let json: unknown = undefined;
      try {
        json = JSON.parse(body);
      } catch {
        // not JSON: kept as text
      }
      const received: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        raw,
        body,
        json,
        at: Date.now(),
        answered: false,
      };
      requests.push(received);
      for (const wake of waiters) wake();
      waiters = [];
      const answer = respond(received, requests.length);
      const send = () => {
        received.answered = true;
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { "content-type": "text/plain", ...answer.headers });
        res.end(answer.body ?? "ok");
      };
      if (answer.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  // A fixed port lets a test take the receiver down and bring it back at the same URL.
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    requests,
    /** Requests to one path (several webhooks can share a receiver). */
    to: (path: string) => requests.filter((r) => r.path === path),
    /** Changes how later requests are answered. */
    setReply(next: (req: ReceivedRequest, n: number) => Reply) {
      respond = next;
    },
    /** Resolves once at least `count` requests arrived. */
    async waitForRequests(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
