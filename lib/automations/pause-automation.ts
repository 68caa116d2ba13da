import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";
import { notFound } from "@/lib/api/errors";
import { getAutomationResponse } from "./get-automation-or-throw";

/** active -> paused: no new enrollments; existing ones keep going (spec, States). Idempotent. */
export async function pauseAutomation(options: { accountId: string; id: string }) {
  const { accountId, id } = options;
  const exists = await getDb().automation.findFirst({ where: { id, accountId }, select: { status: true } });
  if (!exists) throw notFound("automation");
  if (exists.status === "active") {
    await getDb().automation.updateMany({ where: { id, accountId, status: "active" }, data: { status: "paused", updatedAt: now() } });
  }
  return getAutomationResponse({ accountId, id });
}
