import { defineOperation } from "@/lib/api/define-operation";
import { listInboxQuerySchema } from "./schemas";
import { inboxMessageResponseSchema, listInboxMessagesResponseSchema, openInboxMessageResponseSchema } from "./response-schemas";

export const listInboxMessagesOp = defineOperation({
  method: "GET",
  path: "/inbox",
  id: "listInboxMessages",
  summary: "The dev inbox, newest first",
  tag: "Account",
  query: listInboxQuerySchema,
  response: listInboxMessagesResponseSchema,
});

export const getInboxMessageOp = defineOperation({
  method: "GET",
  path: "/inbox/{id}",
  id: "getInboxMessage",
  summary: "One captured message with its source",
  tag: "Account",
  response: inboxMessageResponseSchema,
});

export const openInboxMessageOp = defineOperation({
  method: "POST",
  path: "/inbox/{id}/open",
  id: "openInboxMessage",
  summary: "Open a captured message as its recipient",
  description:
    "Viewing a message in the dev inbox is not an open. This loads the copy's own open pixel through the tracker, as the recipient's mail client would: one email.opened for that recipient (a repeat within a minute counts once). Nothing is counted when the copy has no pixel; `outcome` says why.",
  tag: "Account",
  response: openInboxMessageResponseSchema,
});
