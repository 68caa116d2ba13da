import type { Db } from "@/lib/db/client";

export interface RequestLogRow {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  requestId: string;
  method: string;
  path: string;
  query: unknown;
  status: number;
  durationMs: number;
  userAgent: string | null;
  requestBody: unknown;
  requestBodyTruncated: boolean;
  responseBody: unknown;
  responseBodyTruncated: boolean;
  createdAt: Date;
}

const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Writes many log rows in one statement: one array per column, unnested side by side. A row
 * whose account is gone (deleted since its request) is skipped rather than failing the batch.
 * Dates go in as ISO strings: the column holds UTC without a zone, as Prisma writes it.
 */
export async function insertRequestLogsSql(db: Db, rows: readonly RequestLogRow[]): Promise<number> {
  if (!rows.length) return 0;
  const col = <T>(pick: (row: RequestLogRow) => T) => rows.map(pick);
  return db.$executeRaw`
    INSERT INTO "RequestLog" ("id", "accountId", "apiKeyId", "requestId", "method", "path", "query", "status",
      "durationMs", "userAgent", "requestBody", "requestBodyTruncated", "responseBody", "responseBodyTruncated", "createdAt")
    SELECT t.* FROM unnest(
      ${col((r) => r.id)}::text[], ${col((r) => r.accountId)}::text[], ${col((r) => r.apiKeyId)}::text[],
      ${col((r) => r.requestId)}::text[], ${col((r) => r.method)}::text[], ${col((r) => r.path)}::text[],
      ${col((r) => jsonText(r.query))}::jsonb[], ${col((r) => r.status)}::int[], ${col((r) => r.durationMs)}::int[],
      ${col((r) => r.userAgent)}::text[], ${col((r) => jsonText(r.requestBody))}::jsonb[],
      ${col((r) => r.requestBodyTruncated)}::boolean[], ${col((r) => jsonText(r.responseBody))}::jsonb[],
      ${col((r) => r.responseBodyTruncated)}::boolean[], ${col((r) => r.createdAt.toISOString())}::timestamp(3)[]
    ) AS t("id", "accountId", "apiKeyId", "requestId", "method", "path", "query", "status", "durationMs", "userAgent",
      "requestBody", "requestBodyTruncated", "responseBody", "responseBodyTruncated", "createdAt")
    WHERE EXISTS (SELECT 1 FROM "Account" a WHERE a."id" = t."accountId")`;
}
