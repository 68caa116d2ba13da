import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { contactEmailSchema, contactPropertiesSchema } from "@/lib/contacts/schemas";

// POST /events: something a contact did. The properties merge into the contact's and
// render in the emails of the automations the event starts as {{event.<key>}}.

export const EVENT_NAME_MAX = 200;

export const eventNameSchema = z
  .string({ message: "name must be a string" })
  .trim()
  .min(1, "name is required")
  .max(EVENT_NAME_MAX, `name must be at most ${EVENT_NAME_MAX} characters`);

export const recordEventBodySchema = z
  .object({
    email: contactEmailSchema,
    name: eventNameSchema,
    properties: contactPropertiesSchema.optional(),
  })
  .strict();

export const listContactEventsQuerySchema = paginationQuerySchema;

export type RecordEventBody = z.infer<typeof recordEventBodySchema>;
export type ListContactEventsQuery = z.infer<typeof listContactEventsQuerySchema>;

// The `resend` SDK's events.send: the contact by id or by address, the payload as properties.
export const sendEventBodySchema = z
  .object({
    event: eventNameSchema,
    contact_id: z.string({ message: "contact_id must be a contact id" }).min(1).max(100).optional(),
    email: contactEmailSchema.optional(),
    payload: contactPropertiesSchema.optional(),
  })
  .strict()
  .refine((b) => (b.contact_id === undefined) !== (b.email === undefined), {
    message: "send one of contact_id and email",
    path: ["email"],
  });

export type SendEventBody = z.infer<typeof sendEventBodySchema>;
