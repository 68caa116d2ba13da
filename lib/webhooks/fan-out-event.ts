import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import type { EmailEvent } from "@/lib/generated/prisma/client";
import { buildJobRows } from "@/lib/jobs/enqueue-jobs";
import { insertJobsSql } from "@/lib/jobs/insert-jobs-sql";
import { deliverWebhookJob, deliverWebhookJobKey } from "./deliver-webhook-job";
import { insertWebhookMessagesSql, type QueuedMessage } from "./insert-webhook-messages-sql";
import { webhookTypeOfEmailEvent, type WebhookEventType } from "./schemas";
import { serializeWebhookPayload, type WebhookPayload } from "./serialize-webhook-payload";

/**
 * Binds email events to every active webhook of the account that subscribes to their type: a
 * WebhookMessage each (unique per webhook and event) and its first delivery job, written in the
 * caller's transaction so the events and their deliveries exist together or not at all. Several
 * events of one email (a recipient's sent and delivered) take one read of the webhooks, one
 * insert of the messages, then the jobs, in the order the events and webhooks would have had one
 * event at a time. Test emails and event types webhooks do not carry fan out nothing. A
 * webhook subscribes to an event's webhook type (webhookTypeOfEmailEvent: `email.deferred` is
 * `email.delivery_delayed`).
 */
export async function fanOutEvents(
  tx: Tx,
  events: EmailEvent[],
  email: { from: string; subject: string | null; isTest?: boolean },
  // The account's active webhooks wanting any of these events, when the caller read them.
  subscribed?: { id: string; events: string[] }[],
): Promise<number> {
  if (email.isTest) return 0;
  const carried = events.flatMap((event) => {
    const type = webhookTypeOfEmailEvent(event.type);
    return type ? [{ event, type }] : [];
  });
  if (!carried.length) return 0;
  const types = [...new Set(carried.map((c) => c.type))];
  const accountId = carried[0].event.accountId;
  const webhooks = subscribed ?? (await subscribedWebhooks(tx, accountId, types));
  if (!webhooks.length) return 0;
  // Only the events some webhook wants are serialized.
  const wanted = carried
    .filter(({ type }) => webhooks.some((webhook) => webhook.events.includes(type)))
    .map(({ event, type }) => ({ id: event.id, type, createdAt: event.createdAt, payload: serializeWebhookPayload(event, email) }));
  return fanOutAccountEvents(tx, accountId, wanted, webhooks);
}

/** An event with its webhook type and payload built (an email's, a contact's, a domain's). */
export interface AccountEvent {
  id: string;
  type: WebhookEventType;
  createdAt: Date;
  payload: WebhookPayload;
}

/** The account's active webhooks subscribing to any of `types`: one indexed read. */
export function subscribedWebhooks(tx: Tx, accountId: string, types: WebhookEventType[]) {
  return tx.webhook.findMany({
    where: { accountId, status: "active", events: { hasSome: types } },
    select: { id: true, events: true },
    orderBy: { id: "asc" },
  });
}

/**
 * Binds events of one account (its contacts' or domains', and the email events of fanOutEvents)
 * to every active webhook subscribing to their type, in the caller's transaction (so a change and its deliveries commit together):
 * one read of the webhooks (none when `subscribed` is given), then queueWebhookMessages' two
 * writes, whatever the number of events (an import's chunk fans out in one go). Nothing is
 * written when no webhook wants them.
 */
export async function fanOutAccountEvents(
  tx: Tx,
  accountId: string,
  events: AccountEvent[],
  subscribed?: { id: string; events: string[] }[],
): Promise<number> {
  if (!events.length) return 0;
  const webhooks = subscribed ?? (await subscribedWebhooks(tx, accountId, [...new Set(events.map((e) => e.type))]));
  if (!webhooks.length) return 0;
  const messages = events.flatMap((event) =>
    webhooks
      .filter((webhook) => webhook.events.includes(event.type))
      .map((webhook) => ({
        id: newId("msg"),
        webhookId: webhook.id,
        eventId: event.id,
        eventType: event.type,
        payload: event.payload as object,
        nextAttemptAt: event.createdAt,
        createdAt: event.createdAt,
        updatedAt: event.createdAt,
      })),
  );
  return queueWebhookMessages(tx, accountId, messages);
}

/**
 * Writes webhook messages and their first delivery jobs in the caller's transaction: two
 * statements whatever their number (a chunk of an import fans out hundreds at once). A message
 * already stored for its webhook and event (a write repeated) is skipped with its job. In
 * Inngest mode the jobs are announced after the commit by the sweeper's drain.
 */
export async function queueWebhookMessages(tx: Tx, accountId: string, messages: QueuedMessage[]): Promise<number> {
  if (!messages.length) return 0;
  const ids = new Set(await insertWebhookMessagesSql(tx, messages));
  if (!ids.size) return 0;
  const queued = messages.filter((m) => ids.has(m.id));
  const rows = buildJobRows(
    deliverWebhookJob,
    queued.map((m) => ({ payload: { messageId: m.id, attempt: 1 }, runAt: m.createdAt })),
    { accountId },
  );
  await insertJobsSql(
    tx,
    rows.map((row, i) => ({ ...row, dedupeKey: deliverWebhookJobKey(queued[i].id, 1) })),
  );
  return queued.length;
}
