import { z } from "zod";
import { idOf, listOf, timestamp } from "@/lib/openapi/common";

const inboxFields = {
  id: idOf("msg"),
  emailId: idOf("em").nullable(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  createdAt: timestamp,
};

export const inboxMessageResponseSchema = z
  .object({ ...inboxFields, html: z.string().nullable(), text: z.string().nullable(), raw: z.string() })
  .meta({ id: "InboxMessage" });

export const listInboxMessagesResponseSchema = listOf(z.object(inboxFields).meta({ id: "InboxMessageSummary" }));
