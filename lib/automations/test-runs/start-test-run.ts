import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { wakePoller } from "@/lib/jobs/poller-wake";
import { ApiError, notFound, type ErrorDetail } from "@/lib/api/errors";
import type { ContactProperties } from "@/lib/contacts/schemas";
import { scheduleAdvance } from "../enrollments/enroll-contact";
import { getAutomationOrThrow } from "../get-automation-or-throw";
import { getTestRun } from "./get-test-run";
import type { TestRunContact } from "./test-run-contact";
import { stepDelayMs } from "./test-run-timing";
import type { StartTestRunBody } from "./test-run-schemas";

/**
 * Starts a test run: an enrollment marked isTest, with no contact row behind it and a
 * copy of the chosen (or made-up) contact, whose steps go through the same advance job as real
 * enrollments with every delay compressed to seconds. Its emails cost no credits, count in no
 * analytics, fire no webhooks and land only in the dev inbox. Works paused or active, and before
 * any domain is verified (the sandbox sender stands in, resolveTestRunSender); 400 when the
 * automation has nothing to send (no step, a missing template). A journey's test run follows
 * its graph: conditions on the test contact, each wait until the tester sends its event
 * (sendTestRunEvent) or its compressed timeout passes.
 */
export async function startTestRun(options: { accountId: string; automationId: string; input: StartTestRunBody }) {
  const { accountId, automationId, input } = options;
  const db = getDb();
  const automation = await getAutomationOrThrow({ accountId, id: automationId });

  // A journey's graph was checked when it was saved; its run starts at the trigger at once.
  const journey = automation.graph !== null;
  const details: ErrorDetail[] = [];
  if (!journey && !automation.steps.length) details.push({ path: "steps", message: "add at least one step before a test run" });
  const templateIds = automation.steps.map((s) => s.templateId).filter((id): id is string => !!id);
  const templates = new Set(
    (await db.template.findMany({ where: { accountId, id: { in: templateIds } }, select: { id: true } })).map((t) => t.id),
  );
  automation.steps.forEach((step, i) => {
    if (step.templateId && !templates.has(step.templateId))
      details.push({ path: `steps.${i}.templateId`, message: `template ${step.templateId} does not exist` });
  });
  if (details.length) throw new ApiError("validation_error", `cannot start a test run: ${details[0].message}`, details);

  const contact = await testContactFor(accountId, input);
  const listName = automation.triggerType === "list_join" ? ((automation.triggerConfig as { listName?: string }).listName ?? null) : null;
  const at = now();
  const dueAt = journey ? at : new Date(at.getTime() + stepDelayMs(automation.steps[0].delayMinutes, true));
  const id = newId("enr");
  await db.$transaction(async (tx) => {
    await tx.enrollment.create({
      data: {
        id,
        accountId,
        automationId,
        contactId: null,
        isTest: true,
        testContact: contact as object,
        status: "active",
        nextPosition: 0,
        nextStepAt: dueAt,
        stepKey: journey ? automation.triggerKey : null,
        listName,
        enrolledAt: at,
        updatedAt: at,
      },
    });
    await scheduleAdvance(tx, { id, accountId }, 0, dueAt);
  });
  // Enqueued inside the transaction, so nobody woke the poller: a step due now runs now.
  if (dueAt.getTime() <= now().getTime()) wakePoller();
  return getTestRun({ accountId, automationId, runId: id });
}

/** A copy of the account's contact (404 when it is not one), or the made-up one. */
async function testContactFor(accountId: string, input: StartTestRunBody): Promise<TestRunContact> {
  if (input.contactId === undefined) {
    return { contactId: null, email: input.email!, name: input.name || null, properties: input.properties ?? {}, note: null };
  }
  const db = getDb();
  const row = await db.contact.findFirst({ where: { id: input.contactId, accountId } });
  if (!row) throw notFound("contact");
  const suppressed = await db.suppression.findUnique({
    where: { accountId_email: { accountId, email: row.email } },
    select: { reason: true },
  });
  const note = !row.subscribed
    ? "This contact is unsubscribed: a real enrollment would stop before sending anything."
    : suppressed
      ? `This address is suppressed (${suppressed.reason.replace("_", " ")}): a real enrollment would stop before sending anything.`
      : null;
  return { contactId: row.id, email: row.email, name: row.name, properties: (row.properties ?? {}) as ContactProperties, note };
}
