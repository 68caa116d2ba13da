import { z } from "zod";
import { idOf, jsonValue, paginationSchema, timestamp } from "@/lib/openapi/common";

export const requestLogSummaryResponseSchema = z
  .object({
    id: idOf("log"),
    created_at: timestamp,
    endpoint: z.string().meta({ description: "The path under /api/v1", example: "/emails" }),
    method: z.string().meta({ example: "POST" }),
    response_status: z.number().int().meta({ example: 200 }),
    user_agent: z.string().nullable(),
    duration_ms: z.number().int(),
    api_key_id: z.string().nullable(),
    request_id: z.string().meta({ description: "The X-Request-Id the response carried." }),
  })
  .meta({ id: "RequestLogSummary" });

export const requestLogResponseSchema = requestLogSummaryResponseSchema
  .extend({
    object: z.literal("log"),
    query: z.record(z.string(), z.string()).nullable(),
    request_body: jsonValue.meta({
      description:
        "The JSON body as sent, with keys, passwords, secrets and attachment content redacted; past 16 KB its first characters as a string.",
    }),
    request_body_truncated: z.boolean(),
    response_body: jsonValue.meta({ description: "The JSON answer, redacted and capped as request_body." }),
    response_body_truncated: z.boolean(),
  })
  .meta({ id: "RequestLog" });

export const listRequestLogsResponseSchema = z.object({
  object: z.literal("list"),
  has_more: z.boolean(),
  data: z.array(requestLogSummaryResponseSchema),
  pagination: paginationSchema,
});
