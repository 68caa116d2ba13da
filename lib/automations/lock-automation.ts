import type { Tx } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/api/errors";
import { lockRow } from "@/lib/db/lock-row";

/**
 * Locks the account's automation row for the rest of the transaction (step edits and
 * activation serialize on it) and returns its status; 404 when it is not the account's.
 */
export async function lockAutomation(tx: Tx, accountId: string, id: string): Promise<"paused" | "active"> {
  const row = await lockRow(tx, "Automation", { id, accountId }, ["status"]);
  if (!row) throw notFound("automation");
  return row.status as "paused" | "active";
}

/** Steps and the trigger change only while paused (spec: "Steps can only be changed while paused"). */
export async function lockPausedAutomation(tx: Tx, accountId: string, id: string, what: string): Promise<void> {
  const status = await lockAutomation(tx, accountId, id);
  if (status === "active") {
    throw new ApiError("conflict", `${what} only while the automation is paused: pause it first (POST /api/v1/automations/${id}/pause)`);
  }
}

/**
 * The spec's step routes edit a linear automation's steps; a journey's steps are its graph,
 * changed through the graph API (409 here).
 */
export async function lockPausedLinearAutomation(tx: Tx, accountId: string, id: string): Promise<void> {
  await lockPausedAutomation(tx, accountId, id, "steps change");
  const { graph } = await tx.automation.findUniqueOrThrow({ where: { id }, select: { graph: true } });
  if (graph !== null) {
    throw new ApiError("conflict", `this automation is a branching journey: change its steps with PATCH /api/v1/resend/automations/${id}`);
  }
}
