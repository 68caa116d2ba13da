import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { deliverEmails } from "@/lib/emails/deliver-emails";
import { getEmail } from "@/lib/emails/get-email";
import { readEmailsForDeliverySql } from "@/lib/emails/read-email-for-delivery-sql";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { createTemplate } from "@/lib/templates/create-template";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";
import { deliverToSmtpReceiver, type SmtpReceiver } from "../helpers/smtp-transport-receiver";

// The email.send job's batch (deliverEmails): many emails with a few statements, the attempt
// and its Message-ID recorded before the hand-over, and one email's trouble (a domain lost, a
// hard bounce, a database fault on its outcome) holding back none of the others.

let receiver: SmtpReceiver;

deliverToSmtpReceiver(
  (r) => (receiver = r),
  (rcpt) => (rcpt.startsWith("bounce-") ? 550 : rcpt.startsWith("defer-") ? 451 : 250),
);

async function sender() {
  const account = await makeAccount();
  const { id: domainId, domain } = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({ where: { id: account.accountId }, data: { trackOpens: true, trackClicks: true } });
  const send = async (to: string) => {
    const res = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: account.key,
      body: { from: `Acme <hi@${domain}>`, to: [to], subject: `For ${to}`, html: '<p>Hi</p><a href="https://example.com/x">x</a>' },
    });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  return { ...account, domainId, domain, send };
}

const to = (prefix: string) => `${prefix}-${randomBase62(8).toLowerCase()}@inbox.example`;
const received = (address: string) => receiver.messages.filter((m) => m.rcptTo.includes(address));
const messageIdOf = (raw: Buffer) => /^Message-ID: *(<[^>]+>)/im.exec(raw.toString("utf8"))?.[1];
const statusOf = async (emailId: string) => (await getDb().email.findUniqueOrThrow({ where: { id: emailId } })).status;

describe("a batch of email.send jobs", () => {
  it("delivers the common path together and each troubled email on its own, holding back none", async () => {
    const a = await sender();
    const b = await sender();
    const c = await sender();
    const fine = [to("fine"), to("fine"), to("fine")];
    const fineIds = [];
    for (const address of fine) fineIds.push(await a.send(address));
    const d = await sender();
    const lostDomainId = await d.send(to("lost"));
    const bounced = to("bounce");
    const bouncedId = await b.send(bounced);
    const faulty = to("fault");
    const faultyId = await c.send(faulty);
    // d's domain is no longer verified when its email is delivered (off the common path).
    await getDb().domain.update({ where: { id: d.domainId }, data: { status: "unverified" } });

    // A real database fault on recording c's outcome (after the receiver took it).
    const [faultyRecipient] = await getDb().emailRecipient.findMany({ where: { emailId: faultyId } });
    const fn = `fail_${randomBase62(8).toLowerCase()}`;
    await getDb().$executeRawUnsafe(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`,
    );
    await getDb().$executeRawUnsafe(
      `CREATE TRIGGER ${fn} BEFORE UPDATE ON "EmailRecipient" FOR EACH ROW WHEN (NEW."id" = '${faultyRecipient.id}' AND NEW."attempts" > OLD."attempts") EXECUTE FUNCTION ${fn}()`,
    );
    // The accounts interleaved, as a fair claim orders them; one email twice (two of its jobs).
    const batch = [fineIds[0], lostDomainId, faultyId, fineIds[1], bouncedId, fineIds[2], fineIds[0]];
    let results: unknown[];
    try {
      results = await deliverEmails(batch);
    } finally {
      await getDb().$executeRawUnsafe(`DROP TRIGGER ${fn} ON "EmailRecipient"`);
      await getDb().$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
    }
    // Only the faulty email's job fails (and is retried); every other one is done.
    expect(results.map((r) => (r instanceof Error ? r.message : r))).toEqual([
      undefined,
      undefined,
      expect.stringMatching(/injected fault/),
      undefined,
      undefined,
      undefined,
      undefined,
    ]);

    // The common path: each sent once (the duplicate job too), signed, with its recorded Message-ID
    // and its tracking tokens written before the hand-over.
    for (const [i, address] of fine.entries()) {
      expect(received(address)).toHaveLength(1);
      expect(await statusOf(fineIds[i])).toBe("sent");
      const [recipient] = await getDb().emailRecipient.findMany({ where: { emailId: fineIds[i] } });
      expect(recipient).toMatchObject({ status: "sent", attempts: 1 });
      const raw = received(address)[0].raw.toString("utf8");
      expect(messageIdOf(received(address)[0].raw)).toBe(recipient.messageId);
      expect(raw).toMatch(/^DKIM-Signature: /m);
      const tokens = await getDb().trackingToken.findMany({ where: { recipientId: recipient.id } });
      expect(tokens.map((t) => t.kind).sort()).toEqual(["click", "open"]);
      for (const t of tokens) expect(raw.replace(/=\r?\n/g, "")).toContain(t.token);
      // email.queued is derived from the email (queued-event.ts), not stored.
      const events = await getDb().emailEvent.findMany({ where: { emailId: fineIds[i] }, orderBy: { createdAt: "asc" } });
      expect(events.map((e) => e.type)).toEqual(["email.sent"]);
      const { accountId } = await getDb().email.findUniqueOrThrow({ where: { id: fineIds[i] } });
      const shown = await getEmail({ accountId, id: fineIds[i] });
      expect(shown.events.map((e) => e.type)).toEqual(["email.queued", "email.sent"]);
      expect((await getDb().email.findUniqueOrThrow({ where: { id: fineIds[i] } })).lastEvent).toBe("email.sent");
    }
    // Off the common path, on its own: never sent, failed.
    expect(await statusOf(lostDomainId)).toBe("failed");
    // A hard bounce: recorded on its own, the address suppressed.
    expect(await statusOf(bouncedId)).toBe("bounced");
    expect(received(bounced)).toHaveLength(0);
    expect(await getDb().suppression.count({ where: { accountId: b.accountId, email: bounced } })).toBe(1);
    // The faulty one went out and stays mid-attempt with its Message-ID ...
    expect(received(faulty)).toHaveLength(1);
    const mid = await getDb().emailRecipient.findUniqueOrThrow({ where: { id: faultyRecipient.id } });
    expect(mid).toMatchObject({ status: "sending", messageId: messageIdOf(received(faulty)[0].raw) });
    // ... and its job's retry re-sends it with the same one and records it once.
    expect(await deliverEmails([faultyId])).toEqual([undefined]);
    expect(received(faulty).map((m) => messageIdOf(m.raw))).toEqual([mid.messageId, mid.messageId]);
    expect(await statusOf(faultyId)).toBe("sent");
    expect(await getDb().emailEvent.count({ where: { emailId: faultyId, type: "email.sent" } })).toBe(1);

    // Run again: nothing is sent twice.
    expect(await deliverEmails(batch)).toEqual(batch.map(() => undefined));
    for (const address of [...fine, faulty]) expect(received(address).length).toBeLessThanOrEqual(2);
    for (const address of fine) expect(received(address)).toHaveLength(1);
  });

  it("is what the poller runs: due send jobs claimed together, each email delivered once", async () => {
    const a = await sender();
    const addresses = Array.from({ length: 5 }, () => to("poll"));
    const ids = [];
    for (const address of addresses) ids.push(await a.send(address));
    await runDueFor(a.accountId, [emailSendJob]);
    for (const [i, address] of addresses.entries()) {
      expect(received(address)).toHaveLength(1);
      expect(await statusOf(ids[i])).toBe("sent");
    }
    const jobs = await getDb().job.findMany({ where: { name: emailSendJob.id, accountId: a.accountId } });
    expect(jobs.map((j) => j.status)).toEqual(ids.map(() => "completed"));
  });

  it("records a batch's acceptances with their events, lastEvent and counters, and fans out only to an account's webhooks", async () => {
    const plain = await sender();
    const hooked = await sender();
    const hook = await getDb().webhook.create({
      data: {
        id: newId("wh"),
        accountId: hooked.accountId,
        url: "https://hooks.example/x",
        events: ["email.delivered"],
        secret: "whsec_x",
      },
    });
    // The simulator's addresses are delivered (not relayed): sent and delivered events each.
    const simulated = () => `delivered+${randomBase62(8).toLowerCase()}@batch.simulator.test`;
    const plainIds = [await plain.send(simulated()), await plain.send(simulated())];
    const hookedIds = [await hooked.send(simulated()), await hooked.send(simulated())];
    expect(await deliverEmails([plainIds[0], hookedIds[0], plainIds[1], hookedIds[1]])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    for (const { accountId, domain, ids } of [
      { accountId: plain.accountId, domain: plain.domain, ids: plainIds },
      { accountId: hooked.accountId, domain: hooked.domain, ids: hookedIds },
    ]) {
      for (const id of ids) {
        expect(await statusOf(id)).toBe("delivered");
        const email = await getDb().email.findUniqueOrThrow({ where: { id } });
        expect(email.lastEvent).toBe("email.delivered");
        // In the order the email's page shows them: sent and delivered recorded in the same
        // millisecond are told apart by their ids, which are made in the order recorded.
        const events = await getDb().emailEvent.findMany({ where: { emailId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
        expect(events.map((e) => e.type)).toEqual(["email.sent", "email.delivered"]);
        expect((await getEmail({ accountId, id })).events.map((e) => e.type)).toEqual(["email.queued", "email.sent", "email.delivered"]);
        expect(events[1]).toMatchObject({ domain, data: { subject: email.subject, smtp_response: "250 2.0.0 simulated: delivered" } });
      }
      // The counters hold exactly the events written.
      const counters = await getDb().analyticsCounter.findMany({ where: { accountId } });
      expect(counters.reduce((sum, c) => sum + c.sent, 0)).toBe(2);
      expect(counters.reduce((sum, c) => sum + c.delivered, 0)).toBe(2);
    }
    const messages = await getDb().webhookMessage.findMany({ where: { webhookId: hook.id } });
    expect(messages.map((m) => m.eventType)).toEqual(["email.delivered", "email.delivered"]);
    const plainEvents = await getDb().emailEvent.findMany({ where: { emailId: { in: plainIds } } });
    expect(await getDb().webhookMessage.count({ where: { eventId: { in: plainEvents.map((e) => e.id) } } })).toBe(0);
  });

  it("delivers an email with large attachments on its own, beside the batch, its attachment intact", async () => {
    const a = await sender();
    const small = [to("small"), to("small")];
    const bigTo = to("big");
    const content = randomBytes(600 * 1024); // random: stored compressed it stays past the 256 KB bound
    const res = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: a.key,
      body: {
        from: `Acme <hi@${a.domain}>`,
        to: [bigTo],
        subject: "With a report",
        text: "Attached.",
        attachments: [{ filename: "report.bin", content: content.toString("base64") }],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const bigId = res.json.id as string;
    const smallIds = [await a.send(small[0]), await a.send(small[1])];
    const ids = [smallIds[0], bigId, smallIds[1]];
    // The batch read leaves it out (the size as stored, without loading the value) ...
    const read = await readEmailsForDeliverySql(ids, { maxBytes: 256 * 1024 });
    expect([...read.large]).toEqual([bigId]);
    expect([...read.rows.keys()].sort()).toEqual([...smallIds].sort());
    // ... and it is delivered all the same, with the small ones, each once.
    expect(await deliverEmails(ids)).toEqual([undefined, undefined, undefined]);
    for (const address of [...small, bigTo]) expect(received(address)).toHaveLength(1);
    for (const id of ids) expect(await statusOf(id)).toBe("sent");
    const raw = received(bigTo)[0].raw.toString("utf8");
    const body = /filename="?report\.bin"?[\s\S]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1] ?? "";
    expect(Buffer.from(body.replace(/\r\n/g, ""), "base64").equals(content)).toBe(true);
  });

  it("finishes each email whose attempts were all accepted in the acceptances' statement, the others after their outcomes", async () => {
    const a = await sender();
    const template = await createTemplate({
      accountId: a.accountId,
      input: { name: "fold", subject: "Hi {{name}}", htmlBody: '<p>Hello {{name}}</p><a href="https://example.com/y">y</a>' },
    });
    const send = async (body: Record<string, unknown>) => {
      const res = await call(sendRoute, {
        method: "POST",
        path: "/api/v1/emails",
        key: a.key,
        body: { from: `Acme <hi@${a.domain}>`, ...body },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.id as string;
    };
    const templated = to("tpl");
    const templatedId = await send({ to: [templated], template_id: template.id, variables: { name: "Ann" } });
    const plainId = await a.send(to("plain"));
    // Two recipients: one accepted, one deferred (451): the statement records the acceptance
    // but does not finish the email, which stays sending with a retry job at its recipient's time.
    const mixedTo = [to("mixed"), to("defer")];
    const mixedId = await send({ to: mixedTo, subject: "Two", html: "<p>Two</p>" });

    expect(await deliverEmails([templatedId, plainId, mixedId])).toEqual([undefined, undefined, undefined]);

    const tpl = await getDb().email.findUniqueOrThrow({ where: { id: templatedId } });
    expect(tpl).toMatchObject({ status: "sent", lastEvent: "email.sent", subject: "Hi Ann" });
    // A template's rendering is kept as the record of the email.
    expect(tpl.html).toContain("Hello Ann");
    expect(received(templated)).toHaveLength(1);
    expect(await getDb().email.findUniqueOrThrow({ where: { id: plainId } })).toMatchObject({ status: "sent", lastEvent: "email.sent" });

    const mixed = await getDb().email.findUniqueOrThrow({ where: { id: mixedId }, include: { recipients: true } });
    expect(mixed.status).toBe("sending");
    expect(mixed.recipients.map((r) => [r.email, r.status]).sort()).toEqual(
      [
        [mixedTo[0], "sent"],
        [mixedTo[1], "deferred"],
      ].sort(),
    );
    const deferred = mixed.recipients.find((r) => r.status === "deferred")!;
    const retry = await getDb().job.findFirstOrThrow({
      where: { dedupeKey: `email.retry:${mixedId}:${deferred.nextAttemptAt!.getTime()}` },
    });
    expect(retry).toMatchObject({ name: emailSendJob.id, status: "pending" });
  });
});
