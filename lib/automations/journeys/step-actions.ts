import { variableFallbacks } from "@/lib/templates/versions/template-content";
import { getDb } from "@/lib/db/client";
import type { LayoutContent } from "@/lib/layouts/layout-content";
import { now } from "@/lib/clock/clock";
import { acceptEmails } from "@/lib/emails/accept-emails";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import type { ContactProperties } from "@/lib/contacts/schemas";
import { mergeContactProperties } from "@/lib/contacts/merge-contact-properties";
import { fanOutContactEvents } from "@/lib/contacts/fan-out-contact-events";
import { evaluateContactEvent } from "../triggers/evaluate-contact-event";
import { composeStepEmail } from "../enrollments/compose-step-email";
import { getDefaultLayout } from "@/lib/layouts/get-default-layout";
import { resolveTestRunSender } from "../resolve-sender";
import { unsubscribeUrl } from "../unsubscribe-token";
import { testRunUnsubscribeUrl } from "../test-runs/test-run-contact";
import type { RuleContact } from "./evaluate-rule";
import { insertMembershipSql } from "@/lib/lists/insert-membership-sql";

// What the steps that act do: send an email, change the contact, add it to a list.

export interface RunScope {
  enrollmentId: string;
  accountId: string;
  automationId: string;
  isTest: boolean;
  listName: string | null;
  eventProperties: Record<string, unknown> | null;
  automationFrom: string | null;
  account: { name: string; companyName: string | null; defaultFrom: string | null };
  /** The account's default layout when the caller read it for a batch; undefined: read here. */
  layout?: LayoutContent | null;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * Sends a send_email step once per run: the unique (enrollmentId, stepId) of Email, with the
 * step key as stepId, finds the email a retried or concurrent run already sent.
 */
export async function sendStepEmail(scope: RunScope, contact: RuleContact, key: string, config: Record<string, unknown>): Promise<string> {
  const db = getDb();
  const where = { enrollmentId_stepId: { enrollmentId: scope.enrollmentId, stepId: key } };
  const sent = await db.email.findUnique({ where, select: { id: true } });
  if (sent) return sent.id;
  const c = config as { template?: { id: string }; subject?: string; html?: string; from?: string; replyTo?: string };
  const from = scope.isTest
    ? await resolveTestRunSender(db, scope.accountId, c.from ?? scope.automationFrom)
    : (c.from ?? scope.automationFrom ?? scope.account.defaultFrom);
  if (!from) throw new Error("no sender: set the step's from, the automation's from or the account's defaultFrom on a verified domain");
  let source = { subject: c.subject ?? "", html: c.html ?? "" };
  let fallbacks: Record<string, string | number> | undefined;
  if (c.template) {
    const template = await db.template.findFirst({
      where: { id: c.template.id, accountId: scope.accountId },
      select: { subject: true, htmlBody: true, typedVariables: true },
    });
    if (!template) throw new PermanentJobError(`step ${key}: template ${c.template.id} does not exist`);
    source = { subject: c.subject ?? template.subject, html: template.htmlBody };
    fallbacks = variableFallbacks(template.typedVariables);
  }
  const url =
    contact.id && !scope.isTest ? unsubscribeUrl({ contactId: contact.id, enrollmentId: scope.enrollmentId }) : testRunUnsubscribeUrl();
  const email = composeStepEmail({
    from,
    contact,
    source,
    companyName: scope.account.companyName || scope.account.name,
    listName: scope.listName,
    event: scope.eventProperties,
    unsubscribeUrl: url,
    replyTo: c.replyTo,
    layout: scope.layout !== undefined ? scope.layout : await getDefaultLayout({ accountId: scope.accountId }),
    fallbacks,
  });
  try {
    const [id] = await acceptEmails({
      accountId: scope.accountId,
      emails: [email],
      source: {
        kind: scope.isTest ? "test_run" : "automation",
        steps: [{ automationId: scope.automationId, enrollmentId: scope.enrollmentId, stepId: key }],
      },
    });
    return id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await db.email.findUniqueOrThrow({ where, select: { id: true } })).id;
  }
}

type ValueOrVar = string | number | boolean | null | { var: string };

/** A contact_update value: itself, or {var} read from the starting event's properties, else the contact's. */
function resolve(value: ValueOrVar, scope: RunScope, contact: RuleContact): string | number | boolean | null {
  if (value === null || typeof value !== "object") return value;
  const found = scope.eventProperties?.[value.var] ?? (contact.properties as Record<string, unknown> | null)?.[value.var];
  return typeof found === "string" || typeof found === "number" || typeof found === "boolean" ? found : null;
}

/**
 * Applies a contact_update step to the run's contact (a test run changes only its copy) and
 * evaluates the change as any contact update is, so property triggers start and the webhooks
 * that want `contact.updated` get it. Returns the contact as it now is.
 */
export async function updateRunContact(scope: RunScope, contact: RuleContact, config: Record<string, unknown>): Promise<RuleContact> {
  const c = config as {
    firstName?: ValueOrVar;
    lastName?: ValueOrVar;
    unsubscribed?: boolean | { var: string };
    properties?: Record<string, ValueOrVar>;
  };
  const patch: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(c.properties ?? {})) patch[k] = resolve(v, scope, contact);
  if (c.firstName !== undefined) patch.first_name = resolve(c.firstName, scope, contact);
  if (c.lastName !== undefined) patch.last_name = resolve(c.lastName, scope, contact);
  const previous = (contact.properties ?? {}) as ContactProperties;
  const merged = mergeContactProperties(previous, patch as ContactProperties);
  const next = { ...contact, properties: merged };
  if (!contact.id || scope.isTest) return next;
  const unsubscribe = c.unsubscribed === undefined ? undefined : resolve(c.unsubscribed, scope, contact) === true;
  const at = now();
  await getDb().$transaction(async (tx) => {
    const updated = await tx.contact.update({
      where: { id: contact.id! },
      data: {
        properties: merged,
        ...(unsubscribe === undefined ? {} : { subscribed: !unsubscribe, unsubscribedAt: unsubscribe ? at : null }),
        updatedAt: at,
      },
    });
    await evaluateContactEvent(tx, { type: "updated", accountId: scope.accountId, contact: updated, previousProperties: previous });
    await fanOutContactEvents(tx, { accountId: scope.accountId, at, changes: [{ type: "contact.updated", contact: updated }] });
  });
  return next;
}

/** add_to_segment: the contact joins the list (a list of this account), starting its list_join triggers. */
export async function addRunContactToList(scope: RunScope, contact: RuleContact, listId: string): Promise<boolean> {
  if (!contact.id || scope.isTest) return false;
  return getDb().$transaction(async (tx) => {
    const list = await tx.contactList.findFirst({
      where: { id: listId, accountId: scope.accountId },
      select: { id: true, name: true, filter: true },
    });
    if (!list) throw new PermanentJobError(`list ${listId} does not exist`);
    if (list.filter !== null) throw new PermanentJobError(`segment ${listId} is filtered: its members are computed, never added`);
    const added = await insertMembershipSql(tx, "member", { listId, contactId: contact.id!, createdAt: now() });
    if (added) {
      const row = await tx.contact.findUniqueOrThrow({ where: { id: contact.id! } });
      await evaluateContactEvent(tx, { type: "list_joined", accountId: scope.accountId, contact: row, listName: list.name });
    }
    return added;
  });
}
