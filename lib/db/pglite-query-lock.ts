import type { PGLiteSocketServer } from "@electric-sql/pglite-socket";

// pglite-socket 0.2.17 multiplexes many client connections onto PGlite's single session, one
// protocol MESSAGE at a time. An extended-protocol query is several messages (Parse, Bind,
// Describe, Execute, Sync), so outside a transaction another connection's Parse can land
// between one connection's Parse and Bind: the unnamed statement is replaced and the first
// connection fails ("unnamed prepared statement does not exist") or, worse, binds the other's
// statement. This keeps the session with one connection from its first message until its Sync
// (or a simple Query / Terminate), and while it holds an open transaction, as the library
// already does. The package is pinned; tests/integration/embedded-db.test.ts fails without it.

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

interface QueuedQuery {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: Error): void;
  onData(data: Uint8Array): void;
}

interface QueueInternals {
  db: {
    isInTransaction(): boolean;
    runExclusive<T>(fn: () => Promise<T>): Promise<T>;
    execProtocolRawStream(m: Uint8Array, o: { onRawData(d: Uint8Array): void }): Promise<unknown>;
  };
  queue: QueuedQuery[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
}

export function lockQueriesPerCycle(server: PGLiteSocketServer) {
  const q = (server as unknown as { queryQueue?: QueueInternals }).queryQueue;
  if (!q || !Array.isArray(q.queue) || typeof q.processQueue !== "function") {
    throw new Error("pglite-socket internals changed: re-check lib/db/pglite-query-lock.ts before upgrading");
  }
  let pinned: number | null = null;

  q.processQueue = async function processQueue(this: QueueInternals) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = this.db.isInTransaction() && this.lastHandlerId !== null ? this.lastHandlerId : pinned;
        const index = owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === owner);
        // The owner's next message has not arrived yet: everyone else waits for it.
        if (index === -1) break;
        const query = this.queue.splice(index, 1)[0];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(query.message, {
              onRawData: (data) => {
                bytes += data.length;
                query.onData(data);
              },
            }),
          );
        } catch (error) {
          pinned = null;
          query.reject(error as Error);
          continue;
        }
        const type = query.message[0];
        // Startup messages begin with a length (first byte 0): they end a cycle too.
        pinned = type === SYNC || type === QUERY || type === TERMINATE || type === 0 ? null : query.handlerId;
        this.lastHandlerId = query.handlerId;
        query.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  // A connection that goes away mid-cycle must not hold the session forever.
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (pinned === handlerId) {
      pinned = null;
      void q.processQueue();
    }
  };
}
