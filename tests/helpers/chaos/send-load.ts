import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { call } from "../api";

// Sends a mix of emails through the real route handlers (single, batch of 5, scheduled a few
// seconds ahead) and keeps the client's books: what was accepted (201), every status seen, and
// the longest stretch without a successful answer. A request that does not answer within
// `hangMs` is a hang, which the chaos tier treats as a failure like a 500.

/** What accept answers: one id, a batch's ids, or the error body. */
interface AcceptAnswer {
  id?: string;
  data?: { id: string }[];
  error?: { code?: string; message?: unknown };
}

export interface LoadOptions {
  key: string;
  from: string;
  /** Recipient addresses are `<prefix>-<n>@<domain>`. */
  recipientDomain: string;
  /** Recipients to send in all. */
  recipients: number;
  concurrency?: number;
  hangMs?: number;
  /** Pause between two requests of one lane (spreads the load over a fault's window). */
  pauseMs?: number;
  /** Stop sending when this returns true (the rest is simply not sent). */
  stopWhen?: () => boolean;
}

export interface LoadResult {
  acceptedEmailIds: string[];
  acceptedRecipients: number;
  statuses: Record<string, number>;
  answered5xx: number;
  /** 5xx answers other than the documented 503 service_unavailable body. */
  undocumented5xx: { status: number; body: unknown }[];
  hangs: number;
  longestUnavailableMs: number;
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"hang">((resolve) => setTimeout(() => resolve("hang"), ms).unref())]);

export async function runSendLoad(options: LoadOptions): Promise<LoadResult> {
  const { key, from, recipientDomain } = options;
  const result: LoadResult = {
    acceptedEmailIds: [],
    acceptedRecipients: 0,
    statuses: {},
    answered5xx: 0,
    undocumented5xx: [],
    hangs: 0,
    longestUnavailableMs: 0,
  };
  let next = 0;
  let lastOkAt = performance.now();
  let firstFailSince: number | undefined;
  const address = () => `r${next++}-${Math.random().toString(36).slice(2, 8)}@${recipientDomain}`;

  const one = async (kind: number) => {
    const started = performance.now();
    let request: Promise<{ status: number; json: AcceptAnswer | undefined }>;
    let count: number;
    if (kind % 4 === 3) {
      // A batch of 5 single-recipient emails.
      const emails = Array.from({ length: 5 }, () => ({ from, to: [address()], subject: "chaos batch", text: "hello" }));
      count = 5;
      request = call(batchRoute, { method: "POST", path: "/api/v1/emails/batch", key, body: emails });
    } else if (kind % 4 === 2) {
      const scheduled_at = new Date(Date.now() + 2000 + Math.random() * 3000).toISOString();
      count = 1;
      request = call(sendRoute, {
        method: "POST",
        path: "/api/v1/emails",
        key,
        body: { from, to: [address()], subject: "chaos scheduled", text: "later", scheduled_at },
      });
    } else {
      // Two recipients in one email (to + cc), each its own message.
      count = 2;
      request = call(sendRoute, {
        method: "POST",
        path: "/api/v1/emails",
        key,
        body: { from, to: [address()], cc: [address()], subject: "chaos single", html: "<p>hi</p>" },
      });
    }
    const answer = await withTimeout(
      request.catch((error: unknown) => ({ status: -1, json: { error: { message: String(error) } } as AcceptAnswer })),
      options.hangMs ?? 15_000,
    );
    if (answer === "hang") {
      result.hangs++;
      firstFailSince ??= started;
      return;
    }
    result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
    if (answer.status === 201) {
      const ids: string[] = Array.isArray(answer.json?.data) ? answer.json.data.map((d) => d.id) : [answer.json!.id!];
      result.acceptedEmailIds.push(...ids);
      result.acceptedRecipients += count;
      const at = performance.now();
      if (firstFailSince !== undefined) result.longestUnavailableMs = Math.max(result.longestUnavailableMs, at - firstFailSince);
      firstFailSince = undefined;
      lastOkAt = at;
      return;
    }
    firstFailSince ??= Math.max(started, lastOkAt);
    if (answer.status >= 500 || answer.status < 0) {
      result.answered5xx++;
      const documented =
        answer.status === 503 && answer.json?.error?.code === "service_unavailable" && typeof answer.json.error.message === "string";
      if (!documented) result.undocumented5xx.push({ status: answer.status, body: answer.json });
    }
  };

  let sent = 0;
  const lane = async (laneNo: number) => {
    let i = laneNo;
    while (sent < options.recipients && !options.stopWhen?.()) {
      const kind = i++;
      sent += kind % 4 === 3 ? 5 : kind % 4 === 2 ? 1 : 2;
      await one(kind);
      if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, (_, n) => lane(n)));
  if (firstFailSince !== undefined) result.longestUnavailableMs = Math.max(result.longestUnavailableMs, performance.now() - firstFailSince);
  return result;
}
