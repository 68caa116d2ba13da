import { getDb } from "@/lib/db/client";
import { ACTIVITY_EVENTS_PER_EMAIL, type ContactActivity, type ContactActivityQuery } from "./activity-schemas";
import { getContactOrThrow } from "./get-contact-or-throw";
import { queuedEventOf, storedFirstEventTypes } from "@/lib/emails/queued-event";

/**
 * The contact page's activity: the latest emails sent to the contact's address (as to, cc or
 * bcc; test runs left out), each with its latest events, and the contact's enrollments.
 * Three bounded reads: `limit` recipients, `limit` × ACTIVITY_EVENTS_PER_EMAIL events, `limit` enrollments.
 */
export async function getContactActivity(options: {
  accountId: string;
  contactId: string;
  query: ContactActivityQuery;
}): Promise<ContactActivity> {
  const { accountId, contactId, query } = options;
  const contact = await getContactOrThrow({ accountId, id: contactId });
  const db = getDb();
  const [recipients, enrollments] = await Promise.all([
    db.emailRecipient.findMany({
      where: { accountId, email: contact.email, emailRecord: { isTest: false } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit,
      select: {
        id: true,
        status: true,
        emailRecord: { select: { id: true, subject: true, automationId: true, broadcastId: true, createdAt: true } },
      },
    }),
    db.enrollment.findMany({
      where: { accountId, contactId, isTest: false },
      orderBy: [{ enrolledAt: "desc" }, { id: "desc" }],
      take: query.limit,
      select: { id: true, automationId: true, status: true, enrolledAt: true, completedAt: true, automation: { select: { name: true } } },
    }),
  ]);
  // The same email to this address twice (to and cc) is listed once.
  const seen = new Set<string>();
  const listed = recipients.filter((r) => !seen.has(r.emailRecord.id) && seen.add(r.emailRecord.id));
  // By email id first (its index); this recipient's events and the email's own (queued, scheduled,
  // which name no recipient), newest first, capped in total.
  const events = listed.length
    ? await db.emailEvent.findMany({
        where: {
          accountId,
          emailId: { in: listed.map((r) => r.emailRecord.id) },
          OR: [{ recipientId: { in: listed.map((r) => r.id) } }, { recipientId: null }],
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: listed.length * ACTIVITY_EVENTS_PER_EMAIL,
        select: { id: true, emailId: true, type: true, createdAt: true },
      })
    : [];
  // An email's "email.queued" event is derived, not stored (queued-event.ts): added for each
  // listed email without a stored first event, then the newest are kept as the stored rows were.
  const ids = listed.map((r) => r.emailRecord.id);
  const withFirst = ids.length
    ? await db.emailEvent.findMany({
        where: { accountId, emailId: { in: ids }, type: { in: storedFirstEventTypes } },
        select: { emailId: true },
      })
    : [];
  const stored = new Set(withFirst.map((e) => e.emailId));
  const derived = listed
    .filter((r) => !stored.has(r.emailRecord.id))
    .map((r) => queuedEventOf({ ...r.emailRecord, accountId, tags: [] }))
    .map(({ id, emailId, type, createdAt }) => ({ id, emailId, type, createdAt }));
  const newest = [...events, ...derived]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, listed.length * ACTIVITY_EVENTS_PER_EMAIL);
  const byEmail = new Map<string, typeof events>();
  for (const event of newest) {
    const list = byEmail.get(event.emailId) ?? [];
    if (list.length < ACTIVITY_EVENTS_PER_EMAIL) list.push(event);
    byEmail.set(event.emailId, list);
  }
  return {
    emails: listed.map((r) => ({
      id: r.emailRecord.id,
      subject: r.emailRecord.subject,
      status: r.status,
      automationId: r.emailRecord.automationId,
      broadcastId: r.emailRecord.broadcastId,
      createdAt: r.emailRecord.createdAt.toISOString(),
      events: (byEmail.get(r.emailRecord.id) ?? [])
        .reverse()
        .map((e) => ({ id: e.id, type: e.type, createdAt: e.createdAt.toISOString() })),
    })),
    enrollments: enrollments.map((e) => ({
      id: e.id,
      automationId: e.automationId,
      automationName: e.automation.name,
      status: e.status,
      enrolledAt: e.enrolledAt.toISOString(),
      completedAt: e.completedAt?.toISOString() ?? null,
    })),
  };
}
