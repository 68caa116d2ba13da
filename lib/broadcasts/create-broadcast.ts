import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { checkBroadcastRefs } from "./check-broadcast-refs";
import { describeBroadcast } from "./describe-broadcasts";
import type { CreateBroadcastBody } from "./schemas";
import { Prisma } from "@/lib/generated/prisma/client";
import { htmlFromDesign } from "@/lib/templates/html-from-design";

/** Stores a draft broadcast; its list and template must be the account's. A design is stored with the html rendered from it. */
export async function createBroadcast(options: { accountId: string; input: CreateBroadcastBody }) {
  const { accountId, input } = options;
  const db = getDb();
  const html = input.design ? htmlFromDesign(input.design) : (input.html ?? null);
  await checkBroadcastRefs(db, accountId, input);
  const at = now();
  const broadcast = await db.broadcast.create({
    data: {
      id: newId("bc"),
      accountId,
      name: input.name,
      from: input.from,
      subject: input.subject ?? "",
      html,
      design: input.design ? (input.design as Prisma.InputJsonValue) : Prisma.DbNull,
      text: input.text ?? null,
      templateId: input.templateId ?? null,
      listId: input.listId,
      topicId: input.topicId ?? null,
      abTest: input.abTest ? (input.abTest as Prisma.InputJsonValue) : Prisma.DbNull,
      createdAt: at,
      updatedAt: at,
    },
  });
  return describeBroadcast(accountId, broadcast);
}
