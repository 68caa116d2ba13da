import type { RequestLog } from "@/lib/generated/prisma/client";

// The shape of Resend's logs (endpoint, response_status, user_agent, request_body,
// response_body), with Mailwright's own fields beside it.

export type RequestLogSummaryRow = Omit<
  RequestLog,
  "requestBody" | "responseBody" | "query" | "requestBodyTruncated" | "responseBodyTruncated"
>;

export function serializeRequestLogSummary(row: RequestLogSummaryRow) {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    endpoint: row.path,
    method: row.method,
    response_status: row.status,
    user_agent: row.userAgent,
    duration_ms: row.durationMs,
    api_key_id: row.apiKeyId,
    request_id: row.requestId,
  };
}

export function serializeRequestLog(row: RequestLog) {
  return {
    object: "log" as const,
    ...serializeRequestLogSummary(row),
    query: (row.query ?? null) as Record<string, string> | null,
    request_body: row.requestBody ?? null,
    request_body_truncated: row.requestBodyTruncated,
    response_body: row.responseBody ?? null,
    response_body_truncated: row.responseBodyTruncated,
  };
}

export type RequestLogSummaryResponse = ReturnType<typeof serializeRequestLogSummary>;
export type RequestLogResponse = ReturnType<typeof serializeRequestLog>;
