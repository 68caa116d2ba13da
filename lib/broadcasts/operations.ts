import { defineOperation } from "@/lib/api/define-operation";
import { deletedSchema } from "@/lib/openapi/common";
import {
  BROADCAST_REQUEST_MAX_BYTES,
  createBroadcastBodySchema,
  listBroadcastRecipientsQuerySchema,
  listBroadcastsQuerySchema,
  sendBroadcastBodySchema,
  testBroadcastBodySchema,
  updateBroadcastBodySchema,
} from "./schemas";
import {
  broadcastResponseSchema,
  listBroadcastRecipientsResponseSchema,
  listBroadcastsResponseSchema,
  testBroadcastResponseSchema,
} from "./response-schemas";
import {
  createSdkBroadcastBodySchema,
  listSdkBroadcastRecipientsQuerySchema,
  listSdkBroadcastsQuerySchema,
  listSdkClickedLinksQuerySchema,
  sendSdkBroadcastBodySchema,
  updateSdkBroadcastBodySchema,
} from "./sdk/sdk-broadcast-schemas";
import {
  listSdkBroadcastClickedLinksResponseSchema,
  listSdkBroadcastRecipientsResponseSchema,
  listSdkBroadcastsResponseSchema,
  removedSdkBroadcastSchema,
  sdkBroadcastIdSchema,
  sdkBroadcastRefSchema,
  sdkBroadcastSchema,
} from "./sdk/sdk-broadcast-response-schemas";

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

export const listBroadcastRecipientsOp = defineOperation({
  method: "GET",
  path: "/broadcasts/{id}/recipients",
  id: "listBroadcastRecipients",
  summary: "A broadcast's recipients with their delivery status and first open and click, in contact order",
  description: "status filters to one delivery status. Pages with limit and offset (hasMore).",
  tag: "Broadcasts",
  query: listBroadcastRecipientsQuerySchema,
  response: listBroadcastRecipientsResponseSchema,
});

// The `resend` SDK's broadcast calls, at its base path /api/v1/resend: the same broadcasts in the
// SDK's shapes (lib/broadcasts/sdk).

export const createSdkBroadcastOp = defineOperation({
  method: "POST",
  path: "/resend/broadcasts",
  id: "createSdkBroadcast",
  summary: "Create a broadcast to a segment, and send it with send: true (the resend SDK's broadcasts.create)",
  description:
    "segment_id (or audience_id) is a list or segment; without a name the subject names it. reply_to and preview_text are not supported (a 400).",
  tag: "Broadcasts",
  body: createSdkBroadcastBodySchema,
  maxBodyBytes: BROADCAST_REQUEST_MAX_BYTES,
  status: 201,
  response: sdkBroadcastIdSchema,
  errors: ["not_found", "conflict", "insufficient_credits", "domain_not_verified"],
  example: {
    name: "November news",
    segment_id: "lst_4kXv7Qp2Lm9RzT1cWn8bYd",
    from: "Acme <news@example.com>",
    subject: "What's new",
    html: "<p>Hi {{name}}</p>",
  },
});

export const listSdkBroadcastsOp = defineOperation({
  method: "GET",
  path: "/resend/broadcasts",
  id: "listSdkBroadcasts",
  summary: "List broadcasts, newest first (broadcasts.list)",
  tag: "Broadcasts",
  query: listSdkBroadcastsQuerySchema,
  response: listSdkBroadcastsResponseSchema,
});

export const getSdkBroadcastOp = defineOperation({
  method: "GET",
  path: "/resend/broadcasts/{id}",
  id: "getSdkBroadcast",
  summary: "A broadcast (broadcasts.get); status is draft, queued (scheduled or sending), sent, cancelled or failed",
  tag: "Broadcasts",
  response: sdkBroadcastSchema,
});

export const updateSdkBroadcastOp = defineOperation({
  method: "PATCH",
  path: "/resend/broadcasts/{id}",
  id: "updateSdkBroadcast",
  summary: "Change a draft (broadcasts.update)",
  tag: "Broadcasts",
  body: updateSdkBroadcastBodySchema,
  maxBodyBytes: BROADCAST_REQUEST_MAX_BYTES,
  response: sdkBroadcastIdSchema,
  errors: ["not_found", "conflict"],
});

export const removeSdkBroadcastOp = defineOperation({
  method: "DELETE",
  path: "/resend/broadcasts/{id}",
  id: "removeSdkBroadcast",
  summary: "Delete a draft or scheduled broadcast (broadcasts.remove)",
  tag: "Broadcasts",
  response: removedSdkBroadcastSchema,
  errors: ["conflict"],
});

export const sendSdkBroadcastOp = defineOperation({
  method: "POST",
  path: "/resend/broadcasts/{id}/send",
  id: "sendSdkBroadcast",
  summary: "Send now, or at scheduled_at (broadcasts.send)",
  tag: "Broadcasts",
  body: sendSdkBroadcastBodySchema,
  bodyOptional: true,
  response: sdkBroadcastIdSchema,
  errors: ["conflict", "insufficient_credits", "domain_not_verified"],
});

export const cancelSdkBroadcastOp = defineOperation({
  method: "POST",
  path: "/resend/broadcasts/{id}/cancel",
  id: "cancelSdkBroadcast",
  summary: "Cancel a scheduled broadcast, or one waiting for its A/B test's winner (broadcasts.cancel)",
  tag: "Broadcasts",
  response: sdkBroadcastRefSchema,
  errors: ["conflict"],
});

export const duplicateSdkBroadcastOp = defineOperation({
  method: "POST",
  path: "/resend/broadcasts/{id}/duplicate",
  id: "duplicateSdkBroadcast",
  summary: "A new draft with a broadcast's content, segment, topic and A/B test (broadcasts.duplicate)",
  tag: "Broadcasts",
  status: 201,
  response: sdkBroadcastRefSchema,
});

export const listSdkBroadcastRecipientsOp = defineOperation({
  method: "GET",
  path: "/resend/broadcasts/{id}/recipients",
  id: "listSdkBroadcastRecipients",
  summary: "A broadcast's recipients of one kind, in contact order (broadcasts.recipients)",
  description:
    "type: sent, delivered, opened (with count, the opens), clicked (with count and clicked_links), bounced (with bounce_type; bounce_type filters), complained, unsubscribed (members who left since: from everything, or from the broadcast's topic) or suppressed. email filters to one address.",
  tag: "Broadcasts",
  query: listSdkBroadcastRecipientsQuerySchema,
  response: listSdkBroadcastRecipientsResponseSchema,
});

export const listSdkBroadcastClickedLinksOp = defineOperation({
  method: "GET",
  path: "/resend/broadcasts/{id}/clicked-links",
  id: "listSdkBroadcastClickedLinks",
  summary: "The links a broadcast's emails had followed, most clicked first (broadcasts.clickedLinks)",
  tag: "Broadcasts",
  query: listSdkClickedLinksQuerySchema,
  response: listSdkBroadcastClickedLinksResponseSchema,
});
