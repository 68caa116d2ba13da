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
  summary: "Create a segment (static, or filtered)",
  description:
    "Without a filter a segment is a list: the same record /lists shows, members added by hand. With a filter (the journeys' rule grammar) its members are the contacts matching it now: never added by hand, counted and paged live. Filters hold at most 100 rules and nest at most 8 deep (segments they name included); a 400 names the part at fault by its path. Each read of a filter runs under SEGMENT_QUERY_TIMEOUT_MS.",
  tag: "Audience",
  status: 201,
  body: createSegmentBodySchema,
  response: segmentResponseSchema,
  errors: ["conflict"],
  example: {
    name: "Engaged pros",
    filter: {
      type: "and",
      rules: [
        { type: "rule", field: "plan", operator: "eq", value: "pro" },
        { type: "email", action: "opened", within: "30 days" },
      ],
    },
  },
});

export const listSegmentsOp = defineOperation({
  method: "GET",
  path: "/segments",
  id: "listSegments",
  summary: "List segments",
  tag: "Audience",
  query: listSegmentsQuerySchema,
  response: listSegmentsResponseSchema,
  errors: ["validation_error"],
});

export const getSegmentOp = defineOperation({
  method: "GET",
  path: "/segments/{id}",
  id: "getSegment",
  summary: "Get a segment",
  description: "A filtered segment's count is live; a filter too costly to evaluate in SEGMENT_QUERY_TIMEOUT_MS is a 400.",
  tag: "Audience",
  response: segmentResponseSchema,
  errors: ["validation_error"],
});

export const updateSegmentOp = defineOperation({
  method: "PATCH",
  path: "/segments/{id}",
  id: "updateSegment",
  summary: "Rename a segment, or change a filtered segment's filter",
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
  description: "Refused (409) while another segment's filter names it.",
  tag: "Audience",
  response: deleteSegmentResponseSchema,
  errors: ["conflict"],
});

export const listSegmentContactsOp = defineOperation({
  method: "GET",
  path: "/segments/{id}/contacts",
  id: "listSegmentContacts",
  summary: "A segment's members",
  description: "A filtered segment's members are the contacts matching its filter now, newest first.",
  tag: "Audience",
  query: paginationQuerySchema,
  response: listContactsResponseSchema,
  errors: ["validation_error"],
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
  description:
    "201 when added, 200 when the contact already was a member. A filtered segment's members are computed: adding to one is a 409. A double opt-in list: 200 with added false, and a confirmation email is sent.",
  tag: "Audience",
  status: 201,
  alsoStatus: 200,
  response: addContactSegmentResponseSchema,
  errors: ["conflict", "validation_error"],
});

export const removeContactSegmentOp = defineOperation({
  method: "DELETE",
  path: "/contacts/{id}/segments/{segmentId}",
  id: "removeContactSegment",
  summary: "Remove a contact from a segment",
  description: "A filtered segment's members are computed: removing from one is a 409.",
  tag: "Audience",
  response: removeContactSegmentResponseSchema,
  errors: ["conflict"],
});
