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

// The resend SDK's event definitions (events.create/update): a name and the types its payload
// keys must have when the event is recorded.
export const EVENT_DEFINITIONS_MAX = 500;
export const EVENT_SCHEMA_KEYS_MAX = 50;
export const EVENT_SCHEMA_TYPES = ["string", "number", "boolean", "date"] as const;
export type EventSchemaType = (typeof EVENT_SCHEMA_TYPES)[number];

export const eventSchemaMapSchema = z
  .record(
    z.string().min(1, "a schema key must not be empty").max(100, "a schema key must be at most 100 characters"),
    z.enum(EVENT_SCHEMA_TYPES, { message: 'a schema type is "string", "number", "boolean" or "date"' }),
    { message: 'schema must be an object of key: type ("string", "number", "boolean" or "date"), or null' },
  )
  .refine((map) => Object.keys(map).length <= EVENT_SCHEMA_KEYS_MAX, `schema has at most ${EVENT_SCHEMA_KEYS_MAX} keys`)
  .nullable();

export type EventSchemaMap = NonNullable<z.infer<typeof eventSchemaMapSchema>>;

export const createEventDefinitionBodySchema = z.object({ name: eventNameSchema, schema: eventSchemaMapSchema.optional() }).strict();

export const updateEventDefinitionBodySchema = z.object({ schema: eventSchemaMapSchema }).strict();

export type CreateEventDefinitionBody = z.infer<typeof createEventDefinitionBodySchema>;
export type UpdateEventDefinitionBody = z.infer<typeof updateEventDefinitionBodySchema>;
