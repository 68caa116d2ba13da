import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/db/ids";
import { fanOutAccountEvents, subscribedWebhooks } from "@/lib/webhooks/fan-out-event";
import type { WebhookEventType } from "@/lib/webhooks/schemas";
import type { WebhookPayload } from "@/lib/webhooks/serialize-webhook-payload";

export type RunEventType = Extract<WebhookEventType, `automation.run.${string}`>;

/** A run (an enrollment) as its webhook events describe it; test runs never fan out. */
export interface RunForEvent {
  id: string;
  accountId: string;
  automationId: string;
  contactId: string | null;
  status: "active" | "completed" | "cancelled" | "failed";
  outcome: string | null;
  enrolledAt: Date;
  completedAt: Date | null;
  isTest?: boolean;
}

/**
 * How a run that ended is announced: `automation.run.completed` when it reached the end of its
 * automation or converted (its goal), `automation.run.exited` for every other ending (an exit
 * step, the contact unsubscribed or suppressed, a failure, a cancellation).
 */
export function endedRunEventType(run: Pick<RunForEvent, "status" | "outcome">): RunEventType {
  return run.status === "completed" && (run.outcome === null || run.outcome === "converted")
    ? "automation.run.completed"
    : "automation.run.exited";
}

// The SDK's run status names (runs.get): an active enrollment is a running run.
const RUN_STATUS = { active: "running", completed: "completed", cancelled: "cancelled", failed: "failed" } as const;

/** A run event's webhook body: the run in the SDK's terms (runs.get) and how it ended. */
export function runWebhookPayload(options: { eventId: string; type: RunEventType; at: Date; run: RunForEvent }): WebhookPayload {
  const { run } = options;
  return {
    id: options.eventId,
    type: options.type,
    created_at: options.at.toISOString(),
    data: {
      run_id: run.id,
      automation_id: run.automationId,
      contact_id: run.contactId,
      status: RUN_STATUS[run.status],
      outcome: run.outcome,
      started_at: run.enrolledAt.toISOString(),
      completed_at: run.completedAt?.toISOString() ?? null,
    },
  };
}

/**
 * The one place runs' starts and ends become webhook deliveries, in the caller's transaction (so
 * the change and its deliveries commit together): per account, one read of the webhooks and, only
 * when one subscribes, the two writes of fanOutAccountEvents, whatever the number of runs.
 */
export async function fanOutRunEvents(tx: Tx, changes: { type: RunEventType; run: RunForEvent }[], at: Date): Promise<number> {
  const byAccount = new Map<string, { type: RunEventType; run: RunForEvent }[]>();
  for (const change of changes) {
    if (change.run.isTest || !change.run.contactId) continue;
    byAccount.set(change.run.accountId, [...(byAccount.get(change.run.accountId) ?? []), change]);
  }
  let queued = 0;
  for (const [accountId, own] of byAccount) {
    const webhooks = await subscribedWebhooks(tx, accountId, [...new Set(own.map((c) => c.type))]);
    if (!webhooks.length) continue;
    const events = own.map(({ type, run }) => {
      const id = newId("evt");
      return { id, type, createdAt: at, payload: runWebhookPayload({ eventId: id, type, at, run }) };
    });
    queued += await fanOutAccountEvents(tx, accountId, events, webhooks);
  }
  return queued;
}

/**
 * Ends the active runs `where` selects with `data` (cancelled, failed or completed) and queues
 * each one's `automation.run.completed` or `automation.run.exited` event, in the caller's
 * transaction. Returns how many it ended.
 */
export async function endRuns(
  tx: Tx,
  where: Prisma.EnrollmentWhereInput,
  data: Prisma.EnrollmentUpdateManyMutationInput & { status: "completed" | "cancelled" | "failed" },
  at: Date,
): Promise<number> {
  const ended = await tx.enrollment.updateManyAndReturn({
    where: { ...where, status: "active" },
    data,
    select: {
      id: true,
      accountId: true,
      automationId: true,
      contactId: true,
      status: true,
      outcome: true,
      enrolledAt: true,
      completedAt: true,
      isTest: true,
    },
  });
  await fanOutRunEvents(
    tx,
    ended.map((run) => {
      const done = { ...run, completedAt: run.completedAt ?? at };
      return { type: endedRunEventType(done), run: done };
    }),
    at,
  );
  return ended.length;
}
