import { describe, expect, it } from "vitest";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { deliverEmails } from "@/lib/emails/deliver-emails";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { runnableJob } from "@/lib/jobs/handlers";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";
import { deliverToSmtpReceiver, type SmtpReceiver } from "../helpers/smtp-transport-receiver";

// POST /emails/batch queues ONE email.send-batch job for its emails (not a job row each). Its
// run delivers them as a claimed batch of email.send jobs is delivered; an email that fails in
// it gets an email.send job of its own for its retries; a run lost with its worker is run again.

let receiver: SmtpReceiver;

deliverToSmtpReceiver(
  (r) => (receiver = r),
  (rcpt) => (rcpt.startsWith("defer-") ? 451 : 250),
);

const jobs = [emailSendJob, emailSendBatchJob];
const to = (prefix: string) => `${prefix}-${randomBase62(8).toLowerCase()}@inbox.example`;
const received = (address: string) => receiver.messages.filter((m) => m.rcptTo.includes(address));
const messageIdOf = (raw: Buffer) => /^Message-ID: *(<[^>]+>)/im.exec(raw.toString("utf8"))?.[1];
const statusOf = async (emailId: string) => (await getDb().email.findUniqueOrThrow({ where: { id: emailId } })).status;

async function sendBatch(addresses: string[]) {
  const account = await makeAccount();
  const { domain } = await makeVerifiedDomain(account.accountId);
  const res = await call(batchRoute, {
    method: "POST",
    path: "/api/v1/emails/batch",
    key: account.key,
    body: addresses.map((address) => ({ from: `Acme <hi@${domain}>`, to: [address], subject: `For ${address}`, text: "Hi" })),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const ids = (res.json.data as { id: string }[]).map((e) => e.id);
  const rows = await getDb().job.findMany({ where: { accountId: account.accountId }, orderBy: { createdAt: "asc" } });
  return { ...account, ids, rows };
}

/** Makes recording the outcome of `emailId`'s attempt fail (after the receiver took it) while `run` runs. */
async function withRecordFault<T>(emailId: string, run: () => Promise<T>): Promise<T> {
  const [recipient] = await getDb().emailRecipient.findMany({ where: { emailId } });
  const fn = `fail_${randomBase62(8).toLowerCase()}`;
  await getDb().$executeRawUnsafe(
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`,
  );
  await getDb().$executeRawUnsafe(
    `CREATE TRIGGER ${fn} BEFORE UPDATE ON "EmailRecipient" FOR EACH ROW WHEN (NEW."id" = '${recipient.id}' AND NEW."attempts" > OLD."attempts") EXECUTE FUNCTION ${fn}()`,
  );
  try {
    return await run();
  } finally {
    await getDb().$executeRawUnsafe(`DROP TRIGGER ${fn} ON "EmailRecipient"`);
    await getDb().$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
  }
}

describe("the email.send-batch job of a batch request", () => {
  it("is one job for the request's emails, which it delivers once each", async () => {
    const addresses = Array.from({ length: 5 }, () => to("batch"));
    const s = await sendBatch(addresses);
    expect(s.rows.map((j) => [j.name, j.payload])).toEqual([["email.send-batch", { accountId: s.accountId, emailIds: s.ids }]]);

    await runDueFor(s.accountId, jobs);
    for (const [i, address] of addresses.entries()) {
      expect(received(address)).toHaveLength(1);
      expect(await statusOf(s.ids[i])).toBe("sent");
    }
    expect((await getDb().job.findUniqueOrThrow({ where: { id: s.rows[0].id } })).status).toBe("completed");
    // Delivered emails are not sent again by another run of their batch.
    await deliverEmails(s.ids);
    for (const address of addresses) expect(received(address)).toHaveLength(1);
  });

  it("gives an email that fails its own email.send job, which retries it; a deferral its retry", async () => {
    const [fine, faulty, deferred] = [to("fine"), to("fault"), to("defer")];
    const s = await sendBatch([fine, faulty, deferred]);
    const [fineId, faultyId, deferredId] = s.ids;
    await withRecordFault(faultyId, () => runDueFor(s.accountId, jobs));

    // The batch's job is done; the others' outcomes are recorded.
    expect((await getDb().job.findUniqueOrThrow({ where: { id: s.rows[0].id } })).status).toBe("completed");
    expect(await statusOf(fineId)).toBe("sent");
    expect(await statusOf(deferredId)).toBe("sending");
    expect(await getDb().emailRecipient.findFirstOrThrow({ where: { emailId: deferredId } })).toMatchObject({ status: "deferred" });
    const deferRetry = await getDb().job.findFirstOrThrow({ where: { dedupeKey: { startsWith: `email.retry:${deferredId}:` } } });
    expect(deferRetry).toMatchObject({ name: "email.send", status: "pending", payload: { emailId: deferredId } });

    // The faulty one went out, its outcome unrecorded: an email.send job of its own, after the backoff.
    expect(received(faulty)).toHaveLength(1);
    const retry = await getDb().job.findFirstOrThrow({
      where: { name: "email.send", accountId: s.accountId, payload: { equals: { emailId: faultyId } } },
    });
    expect(retry.status).toBe("pending");
    expect(retry.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await getDb().job.update({ where: { id: retry.id }, data: { runAt: new Date() } });
    await runDueFor(s.accountId, jobs);
    // Re-sent with the same Message-ID, recorded once.
    const ids = received(faulty).map((m) => messageIdOf(m.raw));
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(await statusOf(faultyId)).toBe("sent");
    expect(await getDb().emailEvent.count({ where: { emailId: faultyId, type: "email.sent" } })).toBe(1);
    expect(received(fine)).toHaveLength(1);
  });

  it("loses nothing when its worker dies mid-batch: the run is taken again and finishes the rest", async () => {
    const addresses = [to("done"), to("mid"), to("left")];
    const s = await sendBatch(addresses);
    const [doneId, midId, leftId] = s.ids;
    // The worker that claimed it delivered the first email, handed the second over without
    // recording the outcome, and died: its row stays running until its lock expires.
    await getDb().job.update({
      where: { id: s.rows[0].id },
      data: { status: "running", attempts: 1, lockedBy: "dead-worker", lockedUntil: new Date(Date.now() - 1000) },
    });
    await deliverEmails([doneId]);
    await withRecordFault(midId, () => deliverEmails([midId]));
    expect(received(addresses[1])).toHaveLength(1);

    await runDueFor(s.accountId, jobs);
    expect((await getDb().job.findUniqueOrThrow({ where: { id: s.rows[0].id } })).status).toBe("completed");
    for (const id of s.ids) expect(await statusOf(id)).toBe("sent");
    // Each email arrived; only the one whose hand-over was unrecorded twice, with one Message-ID.
    expect(received(addresses[0])).toHaveLength(1);
    expect(new Set(received(addresses[1]).map((m) => messageIdOf(m.raw))).size).toBe(1);
    expect(received(addresses[2])).toHaveLength(1);
    for (const id of [doneId, midId, leftId])
      expect(await getDb().emailEvent.count({ where: { emailId: id, type: "email.sent" } })).toBe(1);
  });

  it("out of attempts, fails its unfinished emails, but not one that its own email.send job handles", async () => {
    const s = await sendBatch([to("gone"), to("own")]);
    const [goneId, ownId] = s.ids;
    await enqueueJob(emailSendJob, { emailId: ownId }, { runAt: new Date(Date.now() + 3_600_000), accountId: s.accountId });
    await runnableJob(emailSendBatchJob).onExhausted!({ accountId: s.accountId, emailIds: s.ids }, { error: "the database kept failing" });
    expect(await statusOf(goneId)).toBe("failed");
    expect(await getDb().emailEvent.count({ where: { emailId: goneId, type: "email.failed" } })).toBe(1);
    expect(await statusOf(ownId)).toBe("queued");
  });
});
