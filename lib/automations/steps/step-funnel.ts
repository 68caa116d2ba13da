import { getDb } from "@/lib/db/client";
import { getAutomationOrThrow } from "../get-automation-or-throw";

// The live view's per-step funnel: for each step, how many recipients its emails were
// sent to, delivered to, opened by and clicked by. Counted from the recipients' state, which the
// same transactions as the events keep (first hand-over, delivery, first open, first click,
// bounce, complaint), because the analytics counters carry the automation but not the step.
// Opens and clicks count each recipient once, however many hits.
// Test-run emails (isTest) never count, as in analytics.

export interface FunnelCounts {
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  complained: number;
}

const rate = (n: number, d: number) => (d ? Math.round((n / d) * 10_000) / 10_000 : 0);

/** Rates read the same way as GET /analytics/overview: delivered of sent, opened and clicked of delivered. */
function withRates(c: FunnelCounts) {
  return {
    ...c,
    rates: {
      delivered: rate(c.delivered, c.sent),
      opened: rate(c.opened, c.delivered),
      clicked: rate(c.clicked, c.delivered),
      bounced: rate(c.bounced, c.sent),
    },
  };
}

const zero = (): FunnelCounts => ({ sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0 });

type Row = { stepId: string } & FunnelCounts;

/** GET /automations/:id/funnel. 404 for another account's automation. */
export async function getStepFunnel(options: { accountId: string; automationId: string }) {
  const { accountId, automationId } = options;
  const db = getDb();
  const automation = await getAutomationOrThrow({ accountId, id: automationId });
  // One pass over this automation's recipients (Email.automationId, then EmailRecipient.emailId),
  // grouped by step: each recipient row carries its state (attempts, deliveredAt, first open,
  // first click, status), so nothing is deduplicated and the cost follows this automation's
  // emails, not the account's events. Plus the waiting counts from enrollments.
  const [rows, waiting] = await Promise.all([
    db.$queryRaw<Row[]>`
      SELECT e."stepId" AS "stepId",
        COUNT(*) FILTER (WHERE r."attempts" > 0)::int AS "sent",
        COUNT(*) FILTER (WHERE r."deliveredAt" IS NOT NULL)::int AS "delivered",
        COUNT(*) FILTER (WHERE r."firstOpenedAt" IS NOT NULL)::int AS "opened",
        COUNT(*) FILTER (WHERE r."firstClickedAt" IS NOT NULL)::int AS "clicked",
        COUNT(*) FILTER (WHERE r."status" = 'bounced')::int AS "bounced",
        COUNT(*) FILTER (WHERE r."status" = 'complained')::int AS "complained"
      FROM "Email" e
      JOIN "EmailRecipient" r ON r."emailId" = e."id"
      WHERE e."automationId" = ${automationId} AND e."accountId" = ${accountId}
        AND e."isTest" = false AND e."stepId" IS NOT NULL
      GROUP BY e."stepId"`,
    db.enrollment.groupBy({
      by: ["nextPosition"],
      where: { automationId, accountId, status: "active", isTest: false },
      _count: { _all: true },
    }),
  ]);

  const byStep = new Map(rows.map(({ stepId, ...counts }) => [stepId, counts]));
  const waitingAt = new Map(waiting.map((w) => [w.nextPosition, w._count._all]));
  const steps = automation.steps.map((step, index) => ({
    stepId: step.id,
    position: index,
    delayMinutes: step.delayMinutes,
    subject: step.subject,
    templateId: step.templateId,
    waiting: waitingAt.get(index) ?? 0,
    ...withRates(byStep.get(step.id) ?? zero()),
  }));

  // Emails of steps deleted since: kept out of the steps, summed in one line of their own.
  const live = new Set(automation.steps.map((s) => s.id));
  const removed = zero();
  let hasRemoved = false;
  for (const [stepId, counts] of byStep) {
    if (live.has(stepId)) continue;
    hasRemoved = true;
    for (const key of Object.keys(removed) as (keyof FunnelCounts)[]) removed[key] += counts[key];
  }

  return { automationId: automation.id, steps, removedSteps: hasRemoved ? withRates(removed) : null };
}

export type StepFunnelResponse = Awaited<ReturnType<typeof getStepFunnel>>;
export type StepFunnelRow = StepFunnelResponse["steps"][number];
