import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { checkBroadcastRefs } from "./check-broadcast-refs";
import { describeBroadcast } from "./describe-broadcasts";
import type { CreateBroadcastBody } from "./schemas";

/** Stores a draft broadcast; its list and template must be the account's. */
export async function createBroadcast(options: { accountId: string; input: CreateBroadcastBody }) {
  const { accountId, input } = options;
  const db = getDb();
  await checkBroadcastRefs(db, accountId, input);
  const at = now();
  const broadcast = await db.broadcast.create({
    data: {
      id: newId("bc"),
      accountId,
      name: input.name,
      from: input.from,
      subject: input.subject ?? "",
      html: input.html ?? null,
      text: input.text ?? null,
      templateId: input.templateId ?? null,
      listId: input.listId,
      topicId: input.topicId ?? null,
      createdAt: at,
      updatedAt: at,
    },
  });
  return describeBroadcast(accountId, broadcast);
}
