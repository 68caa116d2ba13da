import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { recordEvent } from "./record-event";
import type { SendEventBody } from "./schemas";

/** events.send: records the event as POST /events does, for a contact named by id or address. */
export async function sendEvent(options: { accountId: string; input: SendEventBody }) {
  const { accountId, input } = options;
  let email = input.email;
  if (input.contact_id !== undefined) {
    const contact = await getDb().contact.findFirst({ where: { id: input.contact_id, accountId }, select: { email: true } });
    if (!contact) throw notFound("contact");
    email = contact.email;
  }
  await recordEvent({ accountId, input: { email: email!, name: input.event, properties: input.payload }, payloadField: "payload" });
  return { object: "event" as const, event: input.event };
}
