import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { serializeInboxMessage } from "./list-inbox-messages";
import { inboxMessageTracking } from "./inbox-message-tracking";

export async function getInboxMessage(options: { accountId: string; id: string }) {
  const message = await getDb().inboxMessage.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!message) throw notFound("inbox message");
  const { openToken: _openToken, ...tracking } = await inboxMessageTracking(message);
  return { ...serializeInboxMessage(message, true), tracking };
}
