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
