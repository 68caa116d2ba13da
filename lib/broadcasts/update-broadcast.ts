import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { ApiError, validationError } from "@/lib/api/errors";
import { now } from "@/lib/clock/clock";
import { checkBroadcastRefs } from "./check-broadcast-refs";
import { describeBroadcast } from "./describe-broadcasts";
import { getBroadcastOrThrow } from "./get-broadcast-or-throw";
import { addBroadcastContentIssues, type UpdateBroadcastBody } from "./schemas";
import { Prisma } from "@/lib/generated/prisma/client";
import { htmlFromDesign } from "@/lib/templates/html-from-design";

const mergedContentSchema = z
  .object({})
  .passthrough()
  .superRefine((body, ctx) => addBroadcastContentIssues(body, ctx));

/**
 * Changes a draft (409 once it is scheduled or sent); the merged draft must still have content.
 * A design replaces html with the HTML rendered from it; html written by hand (or null), or
 * design null, drops the design (design null keeps the html as it is).
 */
export async function updateBroadcast(options: { accountId: string; id: string; input: UpdateBroadcastBody }) {
  const { accountId, id, input } = options;
  const db = getDb();
  const current = await getBroadcastOrThrow({ accountId, id });
  if (current.status !== "draft") throw new ApiError("conflict", `only a draft broadcast can be changed; this one is ${current.status}`);
  const html = input.design ? htmlFromDesign(input.design) : input.html;
  const design = input.design
    ? (input.design as Prisma.InputJsonValue)
    : input.design === null || input.html !== undefined
      ? Prisma.DbNull
      : undefined;
  const merged = {
    subject: input.subject ?? current.subject,
    html: html === undefined ? (current.html ?? undefined) : (html ?? undefined),
    text: input.text === undefined ? (current.text ?? undefined) : (input.text ?? undefined),
    templateId: input.templateId === undefined ? current.templateId : input.templateId,
  };
  const checked = mergedContentSchema.safeParse(merged);
  if (!checked.success) throw validationError(checked.error);
  await checkBroadcastRefs(db, accountId, {
    listId: input.listId,
    templateId: input.templateId,
    topicId: input.topicId,
  });
  const { count } = await db.broadcast.updateMany({
    where: { id, accountId, status: "draft" },
    data: {
      name: input.name,
      from: input.from,
      subject: input.subject,
      html,
      design,
      text: input.text,
      templateId: input.templateId,
      listId: input.listId,
      topicId: input.topicId,
      abTest: input.abTest === undefined ? undefined : input.abTest ? (input.abTest as Prisma.InputJsonValue) : Prisma.DbNull,
      updatedAt: now(),
    },
  });
  if (!count) throw new ApiError("conflict", "the broadcast was sent or scheduled meanwhile");
  return describeBroadcast(accountId, await getBroadcastOrThrow({ accountId, id }));
}
