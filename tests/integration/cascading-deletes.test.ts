import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as sendEmailRoute } from "@/app/api/v1/emails/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { seqScansDuring } from "../helpers/seq-scans";

// A foreign key's ON DELETE action looks the referencing rows up once per deleted row. Each
// lookup must have an index (migration 20261125210000): without one, deleting one account's
// contact, template or email read a whole table (or a whole index led by another column), every
// account's rows, per row deleted.

async function sender() {
  const account = await makeAccount();
  await getDb().account.update({
    where: { id: account.accountId },
    data: { creditBalance: 10_000, rateLimitPerSecond: 10_000, rateLimitBurst: 10_000 },
  });
  const domain = await makeVerifiedDomain(account.accountId);
  const post = async (handler: Parameters<typeof call>[0], body: unknown) => {
    const res = await call(handler, { method: "POST", path: "/", key: account.key, body });
    expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
    return res.json as { id: string };
  };
  return { ...account, from: `Acme <hello@${domain.domain}>`, post };
}

describe("deletes that cascade", () => {
  it("every foreign key has an index that starts with its column", async () => {
    // What the ON DELETE action of each key looks rows up by. (Email's references to its account
    // and domain, and EmailRecipient's to its email, are triggers, migration 20261125160000.)
    const unindexed = await getDb().$queryRaw<{ key: string }[]>`
      SELECT c.conname AS key FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])
      ORDER BY 1`;
    expect(unindexed).toEqual([]);
  });

  it("deleting a contact deletes its enrollments", async () => {
    const s = await sender();
    const db = getDb();
    const automation = await s.post(createAutomationRoute, {
      name: "Welcome",
      from: s.from,
      triggerType: "event",
      triggerConfig: { eventName: "signed_up" },
      steps: [{ delayMinutes: 0, subject: "Hi", bodyHtml: "<p>Hi</p>" }],
    });
    const contact = await db.contact.create({
      data: { id: newId("con"), accountId: s.accountId, email: `c-${randomBase62(8).toLowerCase()}@example.com` },
    });
    await db.enrollment.create({
      data: { id: newId("enr"), accountId: s.accountId, automationId: automation.id, contactId: contact.id, enrolledAt: now() },
    });

    await db.contact.deleteMany({ where: { id: contact.id } });

    expect(await db.enrollment.count({ where: { automationId: automation.id } })).toBe(0);
  });

  it("deleting a template clears it from its emails through an index", async () => {
    const s = await sender();
    const template = await s.post(createTemplateRoute, { name: "T", subject: "Hi {{name}}", htmlBody: "<p>Hi {{name}}</p>" });
    const email = await s.post(sendEmailRoute, { from: s.from, to: "a@x.example", template_id: template.id, variables: { name: "A" } });

    const scans = await seqScansDuring(["Email"], (tx) => tx.template.deleteMany({ where: { id: template.id } }));

    expect(scans).toEqual({ Email: 0 });
    expect(await getDb().email.findUniqueOrThrow({ where: { id: email.id }, select: { templateId: true } })).toEqual({ templateId: null });
  });

  it("deleting an email deletes its recipients' events through an index", async () => {
    const s = await sender();
    const db = getDb();
    const email = await s.post(sendEmailRoute, { from: s.from, to: ["a@x.example", "b@x.example"], subject: "s", text: "x" });
    const recipients = await db.emailRecipient.findMany({ where: { emailId: email.id } });
    await db.emailEvent.createMany({
      data: recipients.map((r) => ({ id: newId("evt"), accountId: s.accountId, emailId: email.id, recipientId: r.id, type: "email.sent" })),
    });

    const scans = await seqScansDuring(["EmailEvent", "EmailRecipient"], (tx) => tx.email.delete({ where: { id: email.id } }));

    expect(scans).toEqual({ EmailEvent: 0, EmailRecipient: 0 });
    expect(await db.emailEvent.count({ where: { emailId: email.id } })).toBe(0);
    expect(await db.emailRecipient.count({ where: { emailId: email.id } })).toBe(0);
  });
});
