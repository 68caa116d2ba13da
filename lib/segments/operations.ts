import { defineOperation } from "@/lib/api/define-operation";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { listContactsResponseSchema } from "@/lib/contacts/response-schemas";
import { createSegmentBodySchema, listSegmentsQuerySchema, updateSegmentBodySchema } from "./schemas";
import {
  addContactSegmentResponseSchema,
  deleteSegmentResponseSchema,
  listSegmentsResponseSchema,
  removeContactSegmentResponseSchema,
  segmentResponseSchema,
} from "./response-schemas";

// The resend SDK's segments and contacts.segments (answers in its field names). A segment
// without a filter is a list: the same record /lists shows.

export const createSegmentOp = defineOperation({
  method: "POST",
  path: "/segments",
  id: "createSegment",
  summary: "Create a static segment (a list)",
  description: "Without a filter a segment is a list: the same record /lists shows. A filter is refused for now.",
  tag: "Audience",
  status: 201,
  body: createSegmentBodySchema,
  response: segmentResponseSchema,
  errors: ["conflict"],
  example: { name: "Beta testers" },
});

export const listSegmentsOp = defineOperation({
  method: "GET",
  path: "/segments",
  id: "listSegments",
  summary: "List segments",
  tag: "Audience",
  query: listSegmentsQuerySchema,
  response: listSegmentsResponseSchema,
});

export const getSegmentOp = defineOperation({
  method: "GET",
  path: "/segments/{id}",
  id: "getSegment",
  summary: "Get a segment",
  tag: "Audience",
  response: segmentResponseSchema,
});

export const updateSegmentOp = defineOperation({
  method: "PATCH",
  path: "/segments/{id}",
  id: "updateSegment",
  summary: "Rename a segment",
  tag: "Audience",
  body: updateSegmentBodySchema,
  response: segmentResponseSchema,
  errors: ["conflict"],
});

export const deleteSegmentOp = defineOperation({
  method: "DELETE",
  path: "/segments/{id}",
  id: "deleteSegment",
  summary: "Delete a segment",
  tag: "Audience",
  response: deleteSegmentResponseSchema,
});

export const listSegmentContactsOp = defineOperation({
  method: "GET",
  path: "/segments/{id}/contacts",
  id: "listSegmentContacts",
  summary: "A segment's members",
  tag: "Audience",
  query: paginationQuerySchema,
  response: listContactsResponseSchema,
});

export const listContactSegmentsOp = defineOperation({
  method: "GET",
  path: "/contacts/{id}/segments",
  id: "listContactSegments",
  summary: "The segments a contact is in",
  tag: "Audience",
  response: listSegmentsResponseSchema,
});

export const addContactSegmentOp = defineOperation({
  method: "POST",
  path: "/contacts/{id}/segments/{segmentId}",
  id: "addContactSegment",
  summary: "Add a contact to a segment (runs list_join automations)",
  description: "201 when added, 200 when the contact already was a member.",
  tag: "Audience",
  status: 201,
  alsoStatus: 200,
  response: addContactSegmentResponseSchema,
});

export const removeContactSegmentOp = defineOperation({
  method: "DELETE",
  path: "/contacts/{id}/segments/{segmentId}",
  id: "removeContactSegment",
  summary: "Remove a contact from a segment",
  tag: "Audience",
  response: removeContactSegmentResponseSchema,
});
