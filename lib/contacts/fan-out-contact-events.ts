import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import type { Contact } from "@/lib/generated/prisma/client";
import { fanOutAccountEvents, subscribedWebhooks } from "@/lib/webhooks/fan-out-event";
import type { WebhookPayload } from "@/lib/webhooks/serialize-webhook-payload";

export type ContactEventType = "contact.created" | "contact.updated" | "contact.deleted";

type ContactFields = Pick<Contact, "id" | "email" | "name" | "properties" | "subscribed" | "createdAt" | "updatedAt">;

/**
 * A contact event's webhook body. Resend's contact fields (first_name, last_name, unsubscribed)
 * beside ours: the one stored name is split at its first space, as create joins the two parts
 * with one. Lists are not part of it: joining or leaving one is not a contact change.
 */
export function contactWebhookPayload(options: {
  eventId: string;
  type: ContactEventType;
  at: Date;
  contact: ContactFields;
}): WebhookPayload {
  const { contact } = options;
  const name = contact.name ?? null;
  const space = name ? name.indexOf(" ") : -1;
  return {
    id: options.eventId,
    type: options.type,
    created_at: options.at.toISOString(),
    data: {
      id: contact.id,
      email: contact.email,
      name,
      first_name: name === null ? null : space === -1 ? name : name.slice(0, space),
      last_name: name === null || space === -1 ? null : name.slice(space + 1),
      unsubscribed: !contact.subscribed,
      properties: contact.properties ?? {},
      created_at: contact.createdAt.toISOString(),
      updated_at: contact.updatedAt.toISOString(),
    },
  };
}

/**
 * The one place contact changes become webhook deliveries: one event per change (its own id,
 * shared by every webhook subscribing to its type), queued in the caller's transaction so the
 * change and its deliveries commit together. A batch (an import's chunk) costs one read of the
 * webhooks and, only when one subscribes, two writes, whatever the number of contacts.
 */
export async function fanOutContactEvents(
  tx: Tx,
  options: {
    accountId: string;
    changes: { type: ContactEventType; contact: ContactFields }[];
    at: Date;
  },
): Promise<number> {
  const { accountId, changes, at } = options;
  if (!changes.length) return 0;
  const webhooks = await subscribedWebhooks(tx, accountId, [...new Set(changes.map((c) => c.type))]);
  if (!webhooks.length) return 0;
  const events = changes.map(({ type, contact }) => {
    const id = newId("evt");
    return { id, type, createdAt: at, payload: contactWebhookPayload({ eventId: id, type, at, contact }) };
  });
  return fanOutAccountEvents(tx, accountId, events, webhooks);
}
