import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { deriveBroadcastContent } from "./derive-broadcast-content";
import { deriveRelayedContent } from "./derive-relayed-content";
import { serializeEmail } from "./serialize-email";
import { withQueuedEvent } from "./queued-event";

export async function getEmail(options: { accountId: string; id: string }) {
  const email = await getDb().email.findFirst({
    where: { id: options.id, accountId: options.accountId },
    include: { recipients: { orderBy: { id: "asc" } }, events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (!email) throw notFound("email");
  const content = await deriveBroadcastContent(await deriveRelayedContent(email));
  return serializeEmail({ ...content, events: withQueuedEvent(email, email.events) });
}
