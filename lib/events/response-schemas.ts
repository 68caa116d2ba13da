import { z } from "zod";
import { idOf, jsonValue, listOf, timestamp } from "@/lib/openapi/common";

// What the event routes answer, for the OpenAPI document.
export const recordEventResponseSchema = z.object({ id: idOf("cev") });

export const contactEventResponseSchema = z
  .object({ id: idOf("cev"), contactId: idOf("con"), name: z.string(), properties: z.record(z.string(), jsonValue), createdAt: timestamp })
  .meta({ id: "ContactEvent" });

export const listContactEventsResponseSchema = listOf(contactEventResponseSchema);
export const eventNamesResponseSchema = z.object({ data: z.array(z.object({ name: z.string(), count: z.number().int().min(0) })) });

/** The `resend` SDK's events.send answer. */
export const sendEventResponseSchema = z.object({ object: z.literal("event"), event: z.string() });

/** A declared event (the resend SDK's `Event`). */
export const eventDefinitionResponseSchema = z
  .object({
    object: z.literal("event"),
    id: idOf("edf"),
    name: z.string(),
    schema: z
      .record(z.string(), z.enum(["string", "number", "boolean", "date"]))
      .nullable()
      .meta({ description: "The type each payload key must have when the event is recorded; null checks nothing." }),
    created_at: timestamp,
    updated_at: timestamp.nullable(),
  })
  .meta({ id: "EventDefinition" });

export const eventDefinitionIdResponseSchema = z.object({ object: z.literal("event"), id: idOf("edf") });

export const listEventDefinitionsResponseSchema = z.object({
  object: z.literal("list"),
  data: z.array(eventDefinitionResponseSchema),
  has_more: z.boolean(),
});

export const removedEventDefinitionResponseSchema = z.object({ object: z.literal("event"), id: idOf("edf"), deleted: z.literal(true) });
