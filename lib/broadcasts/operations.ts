import { defineOperation } from "@/lib/api/define-operation";
import { deletedSchema } from "@/lib/openapi/common";
import {
  BROADCAST_REQUEST_MAX_BYTES,
  createBroadcastBodySchema,
  listBroadcastsQuerySchema,
  sendBroadcastBodySchema,
  testBroadcastBodySchema,
  updateBroadcastBodySchema,
} from "./schemas";
import { broadcastResponseSchema, listBroadcastsResponseSchema, testBroadcastResponseSchema } from "./response-schemas";

export const createBroadcastOp = defineOperation({
  method: "POST",
  path: "/broadcasts",
  id: "createBroadcast",
  summary: "Create a broadcast (a draft)",
  description:
    "The content is a template (templateId), or a subject with html or text; or, instead of html, the visual editor's blocks as design, from which html is rendered and stored beside them. abTest makes it a subject A/B test (the subject, or the template's, is variant A).",
  tag: "Broadcasts",
  body: createBroadcastBodySchema,
  maxBodyBytes: BROADCAST_REQUEST_MAX_BYTES,
  status: 201,
  response: broadcastResponseSchema,
  errors: ["not_found"],
  example: {
    name: "November news",
    from: "Acme <news@example.com>",
    subject: "What's new, {{contact.name}}",
    html: "<p>Hello {{contact.name}}</p>",
    listId: "lst_4kXv7Qp2Lm9RzT1cWn8bYd",
  },
});

export const listBroadcastsOp = defineOperation({
  method: "GET",
  path: "/broadcasts",
  id: "listBroadcasts",
  summary: "List broadcasts",
  tag: "Broadcasts",
  query: listBroadcastsQuerySchema,
  response: listBroadcastsResponseSchema,
});

export const getBroadcastOp = defineOperation({
  method: "GET",
  path: "/broadcasts/{id}",
  id: "getBroadcast",
  summary: "Get a broadcast with its stats",
  tag: "Broadcasts",
  response: broadcastResponseSchema,
});

export const updateBroadcastOp = defineOperation({
  method: "PUT",
  path: "/broadcasts/{id}",
  id: "updateBroadcast",
  summary: "Change a draft",
  description:
    "A design replaces html with the HTML rendered from it; html written by hand (or null) drops the design, and design null drops it keeping the html as it is. abTest null removes the subject A/B test.",
  tag: "Broadcasts",
  body: updateBroadcastBodySchema,
  maxBodyBytes: BROADCAST_REQUEST_MAX_BYTES,
  response: broadcastResponseSchema,
  errors: ["conflict"],
});

export const updateBroadcastPatchOp = defineOperation({
  ...updateBroadcastOp,
  method: "PATCH",
  id: "updateBroadcastPatch",
  summary: "Change a draft (as PUT)",
});

export const deleteBroadcastOp = defineOperation({
  method: "DELETE",
  path: "/broadcasts/{id}",
  id: "deleteBroadcast",
  summary: "Delete a draft or scheduled broadcast",
  tag: "Broadcasts",
  response: deletedSchema("bc"),
  errors: ["conflict"],
});

export const sendBroadcastOp = defineOperation({
  method: "POST",
  path: "/broadcasts/{id}/send",
  id: "sendBroadcast",
  summary: "Send now, or at scheduledAt",
  description:
    "Credits for every subscribed, unsuppressed member are checked first (403 `insufficient_credits` names how many are needed). The body is optional. A broadcast with an A/B test sends its variants to the test group first and the winner to the rest after the test's wait; it cannot be sent at a localTime.",
  tag: "Broadcasts",
  body: sendBroadcastBodySchema,
  bodyOptional: true,
  status: 202,
  response: broadcastResponseSchema,
  errors: ["conflict", "insufficient_credits", "domain_not_verified"],
});

export const cancelBroadcastOp = defineOperation({
  method: "POST",
  path: "/broadcasts/{id}/cancel",
  id: "cancelBroadcast",
  summary: "Cancel a scheduled broadcast, or one waiting for its A/B test's winner",
  description: "During an A/B test's wait the test group has its emails; cancelling stops the rest from being sent.",
  tag: "Broadcasts",
  response: broadcastResponseSchema,
  errors: ["conflict"],
});

export const testBroadcastOp = defineOperation({
  method: "POST",
  path: "/broadcasts/{id}/test",
  id: "testBroadcast",
  summary: "Send one test email (to you by default)",
  tag: "Broadcasts",
  body: testBroadcastBodySchema,
  bodyOptional: true,
  status: 201,
  response: testBroadcastResponseSchema,
  errors: ["insufficient_credits", "domain_not_verified"],
});
