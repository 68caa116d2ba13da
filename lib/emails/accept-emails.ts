import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { ApiError, type ErrorDetail } from "@/lib/api/errors";
import type { SaveResponse } from "@/lib/api/idempotency";
import { debitCredits } from "@/lib/credits/debit-credits";
import { enqueueJobs } from "@/lib/jobs/enqueue-jobs";
import { domainOf, parseAddress } from "./addresses";
import { MAX_SCHEDULE_DAYS, type SendEmailBody } from "./schemas";
import { sendEmailJobId } from "./send-job-id";

export interface AcceptOptions {
  accountId: string;
  emails: SendEmailBody[];
  /** Batch requests name failing items by index in error paths. */
  batch?: boolean;
  save?: SaveResponse;
  /** Set by automations; such emails carry the automation_id tag. */
  origin?: { automationId: string; enrollmentId: string; stepId: string; isTest?: boolean };
  /** SMTP relay (one email): the message as received, sent as is at delivery. */
  rawMime?: string;
}

const unique = (list: string[]) => [...new Set(list.map((a) => parseAddress(a)!.address))];

/**
 * Accept (DESIGN section 6): validate against the account's state, then in one transaction
 * debit one credit per recipient, store the emails with their recipients and first event, and
 * enqueue their delivery. All or nothing: a batch with one bad item stores nothing.
 */
export async function acceptEmails(options: AcceptOptions): Promise<string[]> {
  const db = getDb();
  const { accountId, emails } = options;
  const at = (i: number, field: string) => (options.batch ? `${i}.${field}` : field);
  const problems: ErrorDetail[] = [];
  const current = now();

  const fromDomains = emails.map((e) => domainOf(parseAddress(e.from)!.address));
  const domains = await db.domain.findMany({
    where: { accountId, domain: { in: [...new Set(fromDomains)] } },
    select: { id: true, domain: true, status: true },
  });
  const byName = new Map(domains.map((d) => [d.domain, d]));
  const unverified = fromDomains.map((d, i) => [d, i] as const).filter(([d]) => byName.get(d)?.status !== "verified");
  if (unverified.length) {
    const [name, i] = unverified[0];
    throw new ApiError(
      "domain_not_verified",
      `${options.batch ? `item ${i}: ` : ""}the from domain ${name} is not a verified domain of this account; add and verify it first`,
      unverified.map(([d, j]) => ({ path: at(j, "from"), message: `${d} is not verified` })),
    );
  }

  const templateIds = [...new Set(emails.map((e) => e.template_id).filter((t): t is string => !!t))];
  const templates = templateIds.length
    ? await db.template.findMany({ where: { accountId, id: { in: templateIds } }, select: { id: true, subject: true } })
    : [];
  const templateById = new Map(templates.map((t) => [t.id, t]));
  emails.forEach((e, i) => {
    if (e.template_id && !templateById.has(e.template_id)) problems.push({ path: at(i, "template_id"), message: "no such template" });
    if (e.scheduled_at) {
      const when = new Date(e.scheduled_at);
      if (when <= current) problems.push({ path: at(i, "scheduled_at"), message: "must be in the future" });
      if (when.getTime() - current.getTime() > MAX_SCHEDULE_DAYS * 86_400_000) {
        problems.push({ path: at(i, "scheduled_at"), message: `at most ${MAX_SCHEDULE_DAYS} days ahead` });
      }
    }
  });
  if (problems.length) throw new ApiError("validation_error", `${problems[0].path}: ${problems[0].message}`, problems);

  const rows = emails.map((e, i) => {
    const id = newId("em");
    const scheduledAt = e.scheduled_at ? new Date(e.scheduled_at) : null;
    const kinds = [["to", unique(e.to)], ["cc", unique(e.cc ?? [])], ["bcc", unique(e.bcc ?? [])]] as const;
    const recipients = kinds.flatMap(([kind, list]) => list.map((email) => ({ kind, email })));
    const tags = [...(e.tags ?? [])];
    if (options.origin) tags.push({ name: "automation_id", value: options.origin.automationId });
    return { id, e, scheduledAt, recipients, tags, domainId: byName.get(fromDomains[i])!.id, domain: fromDomains[i] };
  });
  const total = rows.reduce((n, r) => n + r.recipients.length, 0);

  await db.$transaction(async (tx) => {
    await tx.email.createMany({
      data: rows.map(({ id, e, scheduledAt, tags, domainId }) => ({
        id,
        accountId,
        domainId,
        from: e.from,
        to: e.to,
        cc: e.cc ?? [],
        bcc: e.bcc ?? [],
        replyTo: e.reply_to ?? [],
        subject: e.subject ?? templateById.get(e.template_id ?? "")?.subject ?? "",
        html: e.html ?? null,
        text: e.text ?? null,
        templateId: e.template_id ?? null,
        variables: e.variables ?? undefined,
        headers: e.headers ?? undefined,
        tags,
        attachments: e.attachments ?? undefined,
        rawMime: options.rawMime ?? null,
        status: scheduledAt ? "scheduled" : "queued",
        scheduledAt,
        automationId: options.origin?.automationId ?? null,
        enrollmentId: options.origin?.enrollmentId ?? null,
        stepId: options.origin?.stepId ?? null,
        isTest: options.origin?.isTest ?? false,
        lastEvent: scheduledAt ? "email.scheduled" : "email.queued",
        createdAt: current,
      })),
    });
    await tx.emailRecipient.createMany({
      data: rows.flatMap(({ id, recipients }) =>
        recipients.map((r) => ({ id: newId("rcp"), accountId, emailId: id, email: r.email, kind: r.kind, verpToken: newId("rcp").slice(4) })),
      ),
    });
    await tx.emailEvent.createMany({
      data: rows.map(({ id, scheduledAt, tags, domain }) => ({
        id: newId("evt"),
        accountId,
        emailId: id,
        type: scheduledAt ? "email.scheduled" : "email.queued",
        data: scheduledAt ? { scheduled_at: scheduledAt.toISOString() } : {},
        tags,
        automationId: options.origin?.automationId ?? null,
        domain,
        createdAt: current,
      })),
    });
    await enqueueJobs(sendEmailJobId, rows.map(({ id, scheduledAt }) => ({ payload: { emailId: id }, runAt: scheduledAt ?? current })), { tx });
    await options.save?.(tx, {
      status: 201,
      body: options.batch ? { data: rows.map((r) => ({ id: r.id })) } : { id: rows[0].id },
    });
    // Last, so the account row's lock is held only from here to the commit: every send of an
    // account queues on that row, and this keeps the queue short.
    if (!options.origin?.isTest) {
      await debitCredits(tx, {
        accountId,
        amount: total,
        emailId: rows.length === 1 ? rows[0].id : null,
        description: rows.length === 1 ? `Email to ${total} recipient${total === 1 ? "" : "s"}` : `Batch of ${rows.length} emails`,
      });
    }
  });
  return rows.map((r) => r.id);
}
