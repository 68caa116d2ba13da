import { z } from "zod";
import { idOf, listOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";
import { designSchema } from "@/lib/templates/design";
import { BROADCAST_STATUSES, RECIPIENT_STATUSES } from "./schemas";
import { abTestSchema } from "./ab-test-schema";

// What the broadcast routes answer (serialize-broadcast.ts), for the OpenAPI document.
const count = z.number().int().min(0);

const abTestResultSchema = z
  .object({
    endsAt: nullableTimestamp.meta({ description: "When the winner is picked: set once the test group's emails are made." }),
    winner: z.string().nullable().meta({ description: 'The winning variant ("A", "B", ...), once picked.' }),
    variants: z
      .array(
        z.object({
          variant: z.string().meta({ description: "\"A\" is the broadcast's own subject (or its template's)." }),
          subject: z.string(),
          recipients: count,
          delivered: count,
          opened: count.meta({ description: "Recipients who opened (people, not opens)." }),
          clicked: count.meta({ description: "Recipients who clicked (people, not clicks)." }),
        }),
      )
      .meta({ description: "The test group's emails of each variant (the rest, sent the winner, are not counted here)." }),
  })
  .meta({ id: "BroadcastAbTestResult" });

export const broadcastResponseSchema = z
  .object({
    id: idOf("bc"),
    name: z.string(),
    from: z.string(),
    subject: z.string().nullable(),
    html: z.string().nullable(),
    design: designSchema
      .nullable()
      .meta({ description: "The visual editor's blocks html is rendered from; null for html written as code." }),
    text: z.string().nullable(),
    templateId: z.string().nullable(),
    listId: z.string(),
    listName: z.string().nullable(),
    topicId: z.string().nullable().meta({ description: "Only members who may receive this topic are emailed." }),
    status: z.enum(BROADCAST_STATUSES),
    scheduledAt: nullableTimestamp.meta({
      description: "When the fan-out starts; for a localTime broadcast, when the first zone reaches its time.",
    }),
    localTime: z
      .object({ date: z.string(), time: z.string() })
      .nullable()
      .meta({ description: "Sent at this wall-clock time in each member's zone (the contact's timezone property, else the account's)." }),
    abTest: abTestSchema.nullable().meta({ description: "The subject A/B test's settings, if it has one." }),
    abTestResult: abTestResultSchema
      .nullable()
      .meta({ description: "The A/B test's variants and winner, once the broadcast has started." }),
    sent: z.object({ subject: z.string(), html: z.string().nullable(), text: z.string().nullable() }).nullable().meta({
      description:
        "What every member gets, fixed when the broadcast starts: its template's subject and body as published then, else its own (before each member's values). Null until it starts.",
    }),
    startedAt: nullableTimestamp,
    finishedAt: nullableTimestamp,
    lastError: z.string().nullable(),
    stats: z.object({
      recipients: count,
      sent: count,
      delivered: count,
      opened: count,
      clicked: count,
      bounced: count,
      unsubscribed: count,
      skipped: count.meta({ description: "Members not sent to: unsubscribed or suppressed at send time." }),
      optedOut: count.meta({ description: "Members not sent to because they are not subscribed to the broadcast's topic." }),
    }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Broadcast" });

export const listBroadcastsResponseSchema = listOf(broadcastResponseSchema);
export const testBroadcastResponseSchema = z.object({ id: idOf("em"), to: z.string() });

export const listBroadcastRecipientsResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      contactId: z.string(),
      email: z.string(),
      status: z.enum(RECIPIENT_STATUSES),
      openedAt: timestamp.nullable().meta({ description: "The first open" }),
      clickedAt: timestamp.nullable().meta({ description: "The first click" }),
    }),
  ),
  pagination: z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int(), hasMore: z.boolean() }),
});
