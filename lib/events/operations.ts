import { defineOperation } from "@/lib/api/define-operation";
import { paginationQuerySchema } from "@/lib/api/pagination";
import {
  createEventDefinitionBodySchema,
  listContactEventsQuerySchema,
  recordEventBodySchema,
  sendEventBodySchema,
  updateEventDefinitionBodySchema,
} from "./schemas";
import {
  eventDefinitionIdResponseSchema,
  eventDefinitionResponseSchema,
  eventNamesResponseSchema,
  listEventDefinitionsResponseSchema,
  removedEventDefinitionResponseSchema,
  listContactEventsResponseSchema,
  recordEventResponseSchema,
  sendEventResponseSchema,
} from "./response-schemas";

export const recordEventOp = defineOperation({
  method: "POST",
  path: "/events",
  id: "recordEvent",
  summary: "Record a contact's event and start the automations it triggers",
  tag: "Events",
  scope: "send:email",
  body: recordEventBodySchema,
  status: 202,
  response: recordEventResponseSchema,
  example: { email: "ann@example.org", name: "signed_up", properties: { plan: "pro" } },
});

export const sendEventOp = defineOperation({
  method: "POST",
  path: "/events/send",
  id: "sendEvent",
  summary: "Record a contact's event by id or address (the resend SDK's events.send)",
  description:
    "As POST /events, for a contact named by `contact_id` or `email` (exactly one), with `payload` as the event's properties. Also served at /api/v1/resend/events/send, the SDK's base path.",
  tag: "Events",
  scope: "send:email",
  body: sendEventBodySchema,
  status: 202,
  response: sendEventResponseSchema,
  errors: ["not_found"],
  example: { event: "signed_up", email: "ann@example.org", payload: { plan: "pro" } },
});

export const listEventNamesOp = defineOperation({
  method: "GET",
  path: "/events/names",
  id: "listEventNames",
  summary: "Event names seen on the account, with counts",
  tag: "Events",
  response: eventNamesResponseSchema,
});

export const listContactEventsOp = defineOperation({
  method: "GET",
  path: "/contacts/{id}/events",
  id: "listContactEvents",
  summary: "A contact's events, newest first",
  tag: "Events",
  query: listContactEventsQuerySchema,
  response: listContactEventsResponseSchema,
});

// The `resend` SDK's event definitions, at its base path /api/v1/resend (POST /events is
// Mailwright's recording of an event): names declared with the types of their payload keys.
// `identifier` is the definition's id or its name.

export const createEventDefinitionOp = defineOperation({
  method: "POST",
  path: "/resend/events",
  id: "createEventDefinition",
  summary: "Declare an event name and the types of its payload (the resend SDK's events.create)",
  description:
    "From then on, recording the event (POST /events, events.send) answers 400 naming each payload key whose value is not of its declared type. Keys the schema leaves out, and absent keys, pass. A `date` is an ISO 8601 string.",
  tag: "Events",
  status: 201,
  body: createEventDefinitionBodySchema,
  response: eventDefinitionIdResponseSchema,
  errors: ["conflict", "limit_reached"],
  example: { name: "plan_upgraded", schema: { plan: "string", seats: "number", renews_at: "date" } },
});

export const listEventDefinitionsOp = defineOperation({
  method: "GET",
  path: "/resend/events",
  id: "listEventDefinitions",
  summary: "Declared events, newest first (events.list)",
  tag: "Events",
  query: paginationQuerySchema,
  response: listEventDefinitionsResponseSchema,
});

export const getEventDefinitionOp = defineOperation({
  method: "GET",
  path: "/resend/events/{identifier}",
  id: "getEventDefinition",
  summary: "A declared event by id or name (events.get)",
  tag: "Events",
  response: eventDefinitionResponseSchema,
});

export const updateEventDefinitionOp = defineOperation({
  method: "PATCH",
  path: "/resend/events/{identifier}",
  id: "updateEventDefinition",
  summary: "Replace a declared event's schema (events.update); null checks nothing",
  tag: "Events",
  body: updateEventDefinitionBodySchema,
  response: eventDefinitionIdResponseSchema,
});

export const removeEventDefinitionOp = defineOperation({
  method: "DELETE",
  path: "/resend/events/{identifier}",
  id: "removeEventDefinition",
  summary: "Forget a declared event (events.remove); the events recorded under its name stay",
  tag: "Events",
  response: removedEventDefinitionResponseSchema,
});
