import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { logger } from "@/lib/log/logger";
import { insertRequestLogsSql, type RequestLogRow } from "./insert-request-logs-sql";
import { redactBody } from "./redact-body";

// Request logs never wait on the database inside a request: a request only appends its entry
// here; a short timer writes what gathered in one multi-row INSERT. The buffer is bounded: when
// it is full (the database slow or away) new entries are dropped and counted, never waited for.
// Redaction and serialisation happen at the flush too, off the request path.

export const FLUSH_INTERVAL_MS = 250;
export const MAX_PENDING = 5000;
const MAX_ROWS_PER_INSERT = 500;

export interface PendingRequestLog {
  accountId: string;
  apiKeyId: string | null;
  requestId: string;
  method: string;
  path: string;
  query: Record<string, string> | null;
  status: number;
  durationMs: number;
  userAgent: string | null;
  createdAt: Date;
  requestBody: unknown;
  /** The response's JSON value, or a clone of the response to read at the flush. */
  responseBody: unknown;
  responseClone?: Response;
}

interface BufferState {
  pending: (PendingRequestLog & { id: string })[];
  dropped: number;
  written: number;
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
}

const g = globalThis as unknown as { __mailwrightRequestLogs?: BufferState };
const state = (g.__mailwrightRequestLogs ??= { pending: [], dropped: 0, written: 0, timer: null, flushing: null });

/** Appends one request's entry; returns at once. False when the buffer was full and it was dropped. */
export function enqueueRequestLog(entry: PendingRequestLog): boolean {
  if (state.pending.length >= MAX_PENDING) {
    state.dropped += 1;
    return false;
  }
  // The id is taken now: ids sort by creation, and the log lists requests in the order they ended.
  state.pending.push({ ...entry, id: newId("log") });
  if (!state.timer) {
    state.timer = setTimeout(() => void flushRequestLogs(), FLUSH_INTERVAL_MS);
    state.timer.unref?.();
  }
  return true;
}

/** Counters for the health of the log: entries waiting, dropped (buffer full or write failed), written. */
export function requestLogStats() {
  return { pending: state.pending.length, dropped: state.dropped, written: state.written };
}

async function readClone(clone: Response): Promise<unknown> {
  try {
    const text = await clone.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

async function toRow(entry: PendingRequestLog & { id: string }): Promise<RequestLogRow> {
  const request = redactBody(entry.requestBody);
  const response = redactBody(entry.responseClone ? await readClone(entry.responseClone) : entry.responseBody);
  return {
    id: entry.id,
    accountId: entry.accountId,
    apiKeyId: entry.apiKeyId,
    requestId: entry.requestId,
    method: entry.method,
    path: entry.path,
    query: entry.query,
    status: entry.status,
    durationMs: entry.durationMs,
    userAgent: entry.userAgent,
    requestBody: request.body,
    requestBodyTruncated: request.truncated,
    responseBody: response.body,
    responseBodyTruncated: response.truncated,
    createdAt: entry.createdAt,
  };
}

async function writePending(): Promise<void> {
  while (state.pending.length) {
    const batch = state.pending.splice(0, MAX_ROWS_PER_INSERT);
    try {
      const rows = await Promise.all(batch.map(toRow));
      state.written += await insertRequestLogsSql(getDb(), rows);
    } catch (err) {
      // A log that cannot be written is dropped: retrying would grow the buffer while the
      // database is away, and requests must not notice.
      state.dropped += batch.length;
      logger().warn({ err, dropped: batch.length }, "request logs not written");
    }
  }
}

/** Writes every entry appended so far (one statement per 500); resolves when they are stored. */
export function flushRequestLogs(): Promise<void> {
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = null;
  }
  // One flush at a time; a call during one waits for it and then writes what came since.
  const run = (state.flushing ?? Promise.resolve()).then(writePending);
  state.flushing = run;
  void run.finally(() => {
    if (state.flushing === run) state.flushing = null;
  });
  return run;
}
