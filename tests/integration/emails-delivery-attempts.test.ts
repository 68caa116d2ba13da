import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as getRoute } from "@/app/api/v1/emails/[id]/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { deliverEmail } from "@/lib/emails/deliver-email";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { deliverToSmtpReceiver, type SmtpReceiver } from "../helpers/smtp-transport-receiver";

// The attempt is recorded before the hand-over (at-least-once per recipient, the same
// Message-ID on a re-send), and a smarthost's 250 is `sent`, not `delivered`.

let receiver: SmtpReceiver;

deliverToSmtpReceiver((r) => (receiver = r));

async function sendOne(to: string) {
  const account = await makeAccount();
  const { domain } = await makeVerifiedDomain(account.accountId);
  const res = await call(sendRoute, {
    method: "POST",
    path: "/api/v1/emails",
    key: account.key,
    body: { from: `Acme <hi@${domain}>`, to: [to], subject: "s", text: "x" },
  });
  expect(res.status).toBe(201);
  return { ...account, emailId: res.json.id as string };
}

const messageIdOf = (raw: Buffer) => /^Message-ID: *(<[^>]+>)/im.exec(raw.toString("utf8"))?.[1];
const received = (to: string) => receiver.messages.filter((m) => m.rcptTo.includes(to));

describe("a crash between the hand-over and the recorded outcome", () => {
  it("leaves the recipient mid-attempt with its Message-ID, and the retry re-sends it with the same one, recorded once", async () => {
    const to = `dup-${randomBase62(8).toLowerCase()}@inbox.example`;
    const s = await sendOne(to);
    const [recipient] = await getDb().emailRecipient.findMany({ where: { emailId: s.emailId } });
    // A real database fault after the transport answered: recording any outcome of this
    // recipient fails until the trigger is dropped.
    const fn = `fail_${randomBase62(8).toLowerCase()}`;
    await getDb().$executeRawUnsafe(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected fault'; END $$`,
    );
    await getDb().$executeRawUnsafe(
      `CREATE TRIGGER ${fn} BEFORE UPDATE ON "EmailRecipient" FOR EACH ROW WHEN (NEW."id" = '${recipient.id}' AND NEW."attempts" > OLD."attempts") EXECUTE FUNCTION ${fn}()`,
    );
    try {
      await expect(deliverEmail(s.emailId)).rejects.toThrow(/injected fault/);
    } finally {
      await getDb().$executeRawUnsafe(`DROP TRIGGER ${fn} ON "EmailRecipient"`);
      await getDb().$executeRawUnsafe(`DROP FUNCTION ${fn}()`);
    }
    expect(received(to)).toHaveLength(1);
    const firstId = messageIdOf(received(to)[0].raw);
    expect(firstId).toMatch(/^<.+@.+>$/);
    // The attempt was recorded before the hand-over: the row says it may have gone out.
    const mid = await getDb().emailRecipient.findUniqueOrThrow({ where: { id: recipient.id } });
    expect(mid.status).toBe("sending");
    expect(mid.messageId).toBe(firstId);
    expect(mid.attemptStartedAt).not.toBeNull();

    // The job's retry reconciles: it sends again with the same Message-ID and records once.
    await deliverEmail(s.emailId);
    expect(received(to)).toHaveLength(2);
    expect(messageIdOf(received(to)[1].raw)).toBe(firstId);
    const email = await call(getRoute, { path: `/api/v1/emails/${s.emailId}`, key: s.key, params: { id: s.emailId } });
    expect(email.json.recipients).toEqual([{ email: to, type: "to", status: "sent" }]);
    expect(email.json.events.map((e: { type: string }) => e.type)).toEqual(["email.queued", "email.sent"]);
    const after = await getDb().emailRecipient.findUniqueOrThrow({ where: { id: recipient.id } });
    expect(after.attempts).toBe(1);

    // Finished: a third run sends nothing.
    await deliverEmail(s.emailId);
    expect(received(to)).toHaveLength(2);
  });
});

describe("the sent status", () => {
  it("is what a smarthost's 250 gives: email sent, email.sent and no email.delivered", async () => {
    const to = `relay-${randomBase62(8).toLowerCase()}@inbox.example`;
    const s = await sendOne(to);
    await deliverEmail(s.emailId);
    expect(received(to)).toHaveLength(1);
    const email = await call(getRoute, { path: `/api/v1/emails/${s.emailId}`, key: s.key, params: { id: s.emailId } });
    expect(email.json.status).toBe("sent");
    expect(email.json.recipients).toEqual([{ email: to, type: "to", status: "sent" }]);
    expect(email.json.events.map((e: { type: string }) => e.type)).toEqual(["email.queued", "email.sent"]);
  });
});
