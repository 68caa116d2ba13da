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

const inboxTrackingSchema = z
  .object({
    recipient: z.string().nullable().describe("The address this copy was delivered to"),
    open: z
      .enum(["pixel", "tracking_off", "no_pixel"])
      .describe(
        "pixel: the copy carries the recipient's open pixel, so opening it as the recipient counts an open; tracking_off: the account tracks no opens and the copy has no pixel; no_pixel: sent without one",
      ),
    trackedLinks: z.number().int().describe("Links in the copy that go through the click tracker: following one records a click"),
  })
  .meta({ id: "InboxMessageTracking" });

export const inboxMessageResponseSchema = z
  .object({
    ...inboxFields,
    html: z
      .string()
      .nullable()
      .describe("The HTML as the recipient got it, except that loading its open pixel from here does not count an open"),
    text: z.string().nullable(),
    raw: z.string(),
    tracking: inboxTrackingSchema,
  })
  .meta({ id: "InboxMessage" });

export const openInboxMessageResponseSchema = z
  .object({
    id: idOf("msg"),
    emailId: idOf("em").nullable(),
    recipient: z.string().nullable(),
    outcome: z
      .enum(["counted", "repeat", "tracking_off", "no_pixel"])
      .describe(
        "counted: one email.opened recorded for the recipient; repeat: an open by them was counted under a minute ago (or the tracking limit was reached), so nothing more; tracking_off / no_pixel: the copy has no open pixel",
      ),
    message: z.string().describe("The outcome in a sentence, for the dashboard"),
  })
  .meta({ id: "OpenInboxMessageResult" });

export const listInboxMessagesResponseSchema = listOf(z.object(inboxFields).meta({ id: "InboxMessageSummary" }));
