import { defineOperation } from "@/lib/api/define-operation";
import { listContactEventsQuerySchema, recordEventBodySchema } from "./schemas";
import { eventNamesResponseSchema, listContactEventsResponseSchema, recordEventResponseSchema } from "./response-schemas";

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
