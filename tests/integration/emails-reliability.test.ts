import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as getRoute } from "@/app/api/v1/emails/[id]/route";
import { getDb } from "@/lib/db/client";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { newWorkerId } from "@/lib/jobs/claim-jobs";
import { runJobById } from "@/lib/jobs/run-job-by-id";
import { runnableJob } from "@/lib/jobs/handlers";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

// An email never stays `sending` forever, and what
// cannot render is refused at accept.

async function sender() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, domainId: domain.id, from: `Acme <hi@${domain.domain}>` };
}

const balance = async (accountId: string) => (await getDb().account.findUniqueOrThrow({ where: { id: accountId } })).creditBalance;
const send = (key: string, body: unknown) => call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body });
const getEmail = (key: string, id: string) => call(getRoute, { path: `/api/v1/emails/${id}`, key, params: { id } });

async function sendJobOf(emailId: string) {
  const jobs = await getDb().job.findMany({ where: { name: emailSendJob.id } });
  return jobs.find((j) => (j.payload as { emailId?: string }).emailId === emailId)!;
}

describe("an email.send job that runs out of attempts", () => {
  it("ends the email failed with email.failed per recipient and the credits back", async () => {
    const s = await sender();
    const before = await balance(s.accountId);
    const res = await send(s.key, { from: s.from, to: ["a@x.example", "b@x.example"], subject: "s", html: "<p>x</p>" });
    expect(res.status).toBe(201);
    expect(await balance(s.accountId)).toBe(before - 2);
    // A fault every attempt meets: the domain's DKIM key no longer decrypts (a wrong APP_SECRET).
    await getDb().domain.update({ where: { id: s.domainId }, data: { dkimPrivateKeyEnc: "v1:broken:broken:broken" } });

    const job = await sendJobOf(res.json.id);
    const workerId = newWorkerId("test");
    let failures = 0;
    for (let i = 0; i < emailSendJob.maxAttempts; i++) {
      await runJobById(runnableJob(emailSendJob), job.id, { workerId, lockSeconds: 30 }).catch(() => failures++);
    }
    expect(failures).toBe(emailSendJob.maxAttempts);
    expect((await getDb().job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("failed");

    const email = await getEmail(s.key, res.json.id);
    expect(email.json.status).toBe("failed");
    expect(email.json.recipients.map((r: { status: string }) => r.status)).toEqual(["failed", "failed"]);
    const failed = email.json.events.filter((e: { type: string }) => e.type === "email.failed");
    expect(failed.map((e: { recipient: string }) => e.recipient).sort()).toEqual(["a@x.example", "b@x.example"]);
    expect(failed[0].data).toMatchObject({ reason: "delivery_failed" });
    expect(await balance(s.accountId)).toBe(before);
  });
});

describe("inline html with variables", () => {
  it("is refused at accept with a 400 naming the field when its template syntax is broken", async () => {
    const s = await sender();
    const before = await balance(s.accountId);
    const res = await send(s.key, {
      from: s.from,
      to: ["a@x.example"],
      subject: "Hi {{name}}",
      html: "<p>{{#items}}x</p>",
      variables: { name: "Ann" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("validation_error");
    expect(res.json.error.details).toEqual([
      { path: "html", message: expect.stringMatching(/^template syntax error: unclosed section "items"/) },
    ]);
    const subject = await send(s.key, { from: s.from, to: ["a@x.example"], subject: "Hi {{name", text: "x", variables: { name: "Ann" } });
    expect(subject.status).toBe(400);
    expect(subject.json.error.details[0].path).toBe("subject");
    expect(await balance(s.accountId)).toBe(before);
    // Without variables the same text is not a template: it is sent as written.
    const plain = await send(s.key, { from: s.from, to: ["a@x.example"], subject: "Hi {{name", html: "<p>{{#items}}x</p>" });
    expect(plain.status).toBe(201);
  });
});
