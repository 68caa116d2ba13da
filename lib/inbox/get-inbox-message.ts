import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { serializeInboxMessage } from "./list-inbox-messages";

export async function getInboxMessage(options: { accountId: string; id: string }) {
  const message = await getDb().inboxMessage.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!message) throw notFound("inbox message");
  return serializeInboxMessage(message, true);
}
