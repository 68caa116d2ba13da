import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { flushRequestLogs } from "./request-log-buffer";
import { serializeRequestLog } from "./serialize-request-log";

/** One logged request with its redacted bodies; 404 for another account's. */
export async function getRequestLog(options: { accountId: string; id: string }) {
  await flushRequestLogs();
  const row = await getDb().requestLog.findFirst({ where: { id: options.id, accountId: options.accountId } });
  if (!row) throw notFound("log");
  return serializeRequestLog(row);
}
