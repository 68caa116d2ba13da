import { defineOperation } from "@/lib/api/define-operation";
import { listContactEventsQuerySchema, recordEventBodySchema, sendEventBodySchema } from "./schemas";
import {
  eventNamesResponseSchema,
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
