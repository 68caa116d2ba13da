import { defineOperation } from "@/lib/api/define-operation";
import { listRequestLogsQuerySchema } from "./schemas";
import { listRequestLogsResponseSchema, requestLogResponseSchema } from "./response-schemas";

export const listRequestLogsOp = defineOperation({
  method: "GET",
  path: "/logs",
  id: "listLogs",
  summary: "List API requests, newest first",
  description:
    "Requests made with an API key (the dashboard's own calls are not listed), kept 14 days. Filter by status (a code or a class such as 4xx), method, part of the path and key; page with limit and offset, or with the cursors after and before (log ids) as Resend's SDK does.",
  tag: "Logs",
  query: listRequestLogsQuerySchema,
  response: listRequestLogsResponseSchema,
});

export const getRequestLogOp = defineOperation({
  method: "GET",
  path: "/logs/{id}",
  id: "getLog",
  summary: "One API request with its redacted bodies",
  tag: "Logs",
  response: requestLogResponseSchema,
});
