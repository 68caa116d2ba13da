import { afterEach, describe, expect, it } from "vitest";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { GET as getBroadcastRoute, PATCH as patchBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/route";
import { POST as sendRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { POST as cancelRoute } from "@/app/api/v1/broadcasts/[id]/cancel/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { DELETE as deleteTemplateRoute } from "@/app/api/v1/templates/[id]/route";
import { POST as openAsRecipientRoute } from "@/app/api/v1/inbox/[id]/open/route";
import { GET as clickRoute } from "@/app/t/c/[token]/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { abWinnerJobKey, sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { runBroadcast } from "@/lib/broadcasts/run-broadcast";
import { abTestVariant } from "@/lib/broadcasts/ab-test-group";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// A broadcast's subject A/B test: the test group (a hash of broadcast and contact) gets the
// variants first; at the test's end the winner by opens or clicks goes to everyone else. The
// test's end is moved by updating rows, not the shared clock.

afterEach(() => {
  delete process.env.BROADCAST_BATCH_SIZE;
  resetEnvCache();
});

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;
let ip = 0;
/** Each hit from its own address, so the tracker's per-address limit never decides a test. */
const hitHeaders = () => ({ "x-forwarded-for": `198.51.100.${(ip++ % 250) + 1}`, "user-agent": "AB test" });

async function setup(members: number) {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const { key } = account;
  const list = await call(createListRoute, { method: "POST", path: "/", key, body: { name: `News ${randomBase62(4)}` } });
  const listId = list.json.id as string;
  const contacts: { id: string; email: string }[] = [];
  for (let i = 0; i < members; i++) {
    const res = await call(addMemberRoute, { method: "POST", path: "/", key, body: { email: address(`m${i}`) }, params: { id: listId } });
    expect(res.status).toBeLessThan(300);
    contacts.push(res.json.contact);
  }
  const create = async (body: Record<string, unknown>) =>
    call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key,
      body: {
        name: "Subject test",
        from: `News <news@${domain.domain}>`,
        subject: "Subject A",
        html: '<p>Hello</p><p><a href="https://shop.example.com/sale">Sale</a></p>',
        listId,
        ...body,
      },
    });
  return {
    ...account,
    contacts,
    create,
    get: async (id: string) => (await call(getBroadcastRoute, { path: "/", key, params: { id } })).json,
    send: (id: string, body?: unknown) =>
      call(sendRoute, { method: "POST", path: "/", key, params: { id }, ...(body === undefined ? {} : { body }) }),
    cancel: (id: string) => call(cancelRoute, { method: "POST", path: "/", key, params: { id } }),
    run: () => runDueFor(account.accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]),
  };
}

const emailsOf = (broadcastId: string) => getDb().email.findMany({ where: { broadcastId }, include: { recipients: true } });
const variantTag = (tags: unknown) => (tags as { name: string; value: string }[]).find((t) => t.name === "ab_variant")?.value ?? null;

/** The test's wait passes: its end and its job's run time move into the past. */
async function endTheWait(broadcastId: string) {
  const past = new Date(Date.now() - 1000);
  await getDb().broadcast.update({ where: { id: broadcastId }, data: { abTestEndsAt: past } });
  await getDb().job.updateMany({ where: { dedupeKey: abWinnerJobKey(broadcastId), status: "pending" }, data: { runAt: past } });
}

/** Opens an email's dev-inbox copy as its recipient, through the tracker. */
async function openAsRecipient(key: string, emailId: string) {
  const message = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId } });
  const res = await call(openAsRecipientRoute, { method: "POST", path: "/", key, params: { id: message.id }, headers: hitHeaders() });
  expect(res.json.outcome).toBe("counted");
}

/** Follows the tracked link of an email's dev-inbox copy. */
async function click(emailId: string) {
  const message = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId } });
  const link = /https?:\/\/[^'"\s]+\/t\/c\/([0-9A-Za-z]+)/.exec(message.html ?? "")!;
  const res = await clickRoute(new Request(link[0], { headers: hitHeaders() }), { params: Promise.resolve({ token: link[1] }) });
  expect(res.status).toBe(302);
}

describe("broadcast subject A/B tests", () => {
  it("sends each variant to its share of the test group, then the winner by opens to the rest, each member once", async () => {
    process.env.BROADCAST_BATCH_SIZE = "7";
    resetEnvCache();
    const s = await setup(40);
    const abTest = { subjects: ["Subject B"], sharePercent: 50, metric: "opens", waitMinutes: 90 };
    const created = await s.create({ abTest });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ abTest, abTestResult: null });
    const id = created.json.id as string;
    // Whom the hash puts in the test group, and with which variant.
    const expected = new Map(s.contacts.map((c) => [c.id, abTestVariant(abTest, id, c.id)]));
    const group = [...expected].filter(([, v]) => v);
    expect(group.length).toBeGreaterThan(0);
    expect(group.length).toBeLessThan(40);

    const before = Date.now();
    const sent = await s.send(id);
    expect(sent.status, JSON.stringify(sent.json)).toBe(202);
    await s.run();

    // Phase 1: exactly the test group, each with its variant's subject and tag.
    let emails = await emailsOf(id);
    expect(new Map(emails.map((e) => [e.contactId, variantTag(e.tags)]))).toEqual(new Map(group));
    for (const e of emails) expect(e.subject).toBe(variantTag(e.tags) === "A" ? "Subject A" : "Subject B");
    expect(emails.every((e) => e.status === "delivered")).toBe(true);
    const countOf = (v: string) => group.filter(([, x]) => x === v).length;
    let got = await s.get(id);
    expect(got.status).toBe("sending");
    const endsAt = new Date(got.abTestResult.endsAt).getTime();
    expect(endsAt).toBeGreaterThanOrEqual(before + 90 * 60_000 - 5000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 90 * 60_000 + 5000);
    expect(got.abTestResult).toMatchObject({
      winner: null,
      variants: [
        { variant: "A", subject: "Subject A", recipients: countOf("A"), delivered: countOf("A"), opened: 0, clicked: 0 },
        { variant: "B", subject: "Subject B", recipients: countOf("B"), delivered: countOf("B"), opened: 0, clicked: 0 },
      ],
    });
    // The rest waits for a job at the test's end.
    const waiting = await getDb().job.findUniqueOrThrow({ where: { dedupeKey: abWinnerJobKey(id) } });
    expect(waiting.runAt.getTime()).toBe(endsAt);
    expect(await runBroadcast(id)).toEqual({ status: "skipped", reason: "not_due" });

    // Phase 1 run again from its start (a crash before its end was recorded): nobody twice.
    await getDb().job.delete({ where: { id: waiting.id } });
    await getDb().broadcast.update({ where: { id }, data: { abTestEndsAt: null, cursor: null } });
    expect(await runBroadcast(id)).toMatchObject({ status: "testing", emails: 0 });
    expect(await getDb().email.count({ where: { broadcastId: id } })).toBe(group.length);

    // Every B email opened and one A email: B's rate is 1, A's below it (unless A had one member).
    const ofVariant = (v: string) => emails.filter((e) => variantTag(e.tags) === v);
    for (const e of ofVariant("B")) await openAsRecipient(s.key, e.id);
    await openAsRecipient(s.key, ofVariant("A")[0].id);
    const winner = countOf("A") > 1 ? "B" : "A";

    await endTheWait(id);
    await s.run();
    emails = await emailsOf(id);
    // Everyone once: the test group with its variants, the rest with the winner's subject and no tag.
    expect(emails.map((e) => e.contactId).sort()).toEqual(s.contacts.map((c) => c.id).sort());
    for (const e of emails.filter((e) => !expected.get(e.contactId!))) {
      expect(e.subject).toBe(`Subject ${winner}`);
      expect(variantTag(e.tags)).toBeNull();
    }
    got = await s.get(id);
    expect(got.status).toBe("sent");
    expect(got.abTestResult.winner).toBe(winner);
    expect(got.abTestResult.variants.map((v: { opened: number }) => v.opened)).toEqual([1, countOf("B")]);
    expect(got.stats).toMatchObject({ recipients: 40, skipped: 0 });

    // Phase 2 run again from its start: still nobody twice.
    await getDb().broadcast.update({ where: { id }, data: { status: "sending", cursor: null, finishedAt: null } });
    expect(await runBroadcast(id)).toMatchObject({ status: "sent", emails: 0 });
    expect(await getDb().email.count({ where: { broadcastId: id } })).toBe(40);
  });

  it("picks the winner by clicks (opens do not count), with a template's subject as variant A", async () => {
    const s = await setup(45);
    const template = await call(createTemplateRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "T", subject: "From the template", htmlBody: '<p>Hi</p><a href="https://shop.example.com/sale">Sale</a>' },
    });
    const abTest = { subjects: ["Second", "Third"], sharePercent: 50, metric: "clicks", waitMinutes: 30 };
    const created = await s.create({ subject: undefined, html: undefined, templateId: template.json.id, abTest });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    expect((await s.send(id)).status).toBe(202);
    await s.run();

    const emails = await emailsOf(id);
    const ofVariant = (v: string) => emails.filter((e) => variantTag(e.tags) === v);
    const subjects = { A: "From the template", B: "Second", C: "Third" } as const;
    for (const v of ["A", "B", "C"] as const) {
      expect(ofVariant(v).length).toBeGreaterThan(0);
      for (const e of ofVariant(v)) expect(e.subject).toBe(subjects[v]);
    }
    // B is opened by everyone, but only C is clicked.
    for (const e of ofVariant("B")) await openAsRecipient(s.key, e.id);
    await click(ofVariant("C")[0].id);

    // The template goes during the wait: the rest is made from what the broadcast started with.
    expect((await call(deleteTemplateRoute, { method: "DELETE", path: "/", key: s.key, params: { id: template.json.id } })).status).toBe(
      200,
    );
    await endTheWait(id);
    await s.run();
    const got = await s.get(id);
    expect(got).toMatchObject({ status: "sent", abTestResult: { winner: "C" } });
    expect(
      got.abTestResult.variants.map((v: { variant: string; subject: string; clicked: number }) => [v.variant, v.subject, v.clicked]),
    ).toEqual([
      ["A", "From the template", 0],
      ["B", "Second", 0],
      ["C", "Third", 1],
    ]);
    const rest = (await emailsOf(id)).filter((e) => !variantTag(e.tags));
    expect(rest.length).toBe(45 - emails.length);
    expect(rest.every((e) => e.subject === "Third")).toBe(true);
    expect(rest.every((e) => e.html?.includes('<a href="https://shop.example.com/sale">Sale</a>'))).toBe(true);
  });

  it("cancelled during the wait, sends the rest nothing", async () => {
    const s = await setup(20);
    const created = await s.create({ abTest: { subjects: ["Subject B"], sharePercent: 30, metric: "opens", waitMinutes: 5 } });
    const id = created.json.id as string;
    expect((await s.send(id)).status).toBe(202);
    await s.run();
    const tested = await getDb().email.count({ where: { broadcastId: id } });

    const cancelled = await s.cancel(id);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    expect(await getDb().job.count({ where: { dedupeKey: abWinnerJobKey(id) } })).toBe(0);
    // A winner's run that was already claimed finds it cancelled.
    await getDb().broadcast.update({ where: { id }, data: { abTestEndsAt: new Date(Date.now() - 1000) } });
    expect(await runBroadcast(id)).toEqual({ status: "skipped", reason: "not_sending" });
    expect(await getDb().email.count({ where: { broadcastId: id } })).toBe(tested);
    expect((await s.get(id)).abTestResult.winner).toBeNull();
    expect((await s.cancel(id)).status).toBe(409);
  });

  it("refuses a bad abTest naming the field, removes it with null, and refuses a local time with it", async () => {
    const s = await setup(1);
    const good = { subjects: ["B"], sharePercent: 20, metric: "opens", waitMinutes: 60 };
    const cases: [unknown, string][] = [
      [{ ...good, subjects: [] }, "abTest.subjects"],
      [{ ...good, subjects: ["1", "2", "3", "4", "5"] }, "abTest.subjects"],
      [{ ...good, subjects: [""] }, "abTest.subjects.0"],
      [{ ...good, subjects: ["{{#open}}"] }, "abTest.subjects.0"],
      [{ ...good, sharePercent: 9 }, "abTest.sharePercent"],
      [{ ...good, sharePercent: 51 }, "abTest.sharePercent"],
      [{ ...good, sharePercent: 12.5 }, "abTest.sharePercent"],
      [{ ...good, metric: "replies" }, "abTest.metric"],
      [{ ...good, waitMinutes: 0 }, "abTest.waitMinutes"],
      [{ ...good, waitMinutes: 7 * 24 * 60 + 1 }, "abTest.waitMinutes"],
      [{ ...good, extra: 1 }, "abTest"],
      ["yes", "abTest"],
    ];
    for (const [abTest, path] of cases) {
      const res = await s.create({ abTest });
      expect(res.status, JSON.stringify(abTest)).toBe(400);
      expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }

    const created = await s.create({ abTest: good });
    const id = created.json.id as string;
    const patch = (body: unknown) => call(patchBroadcastRoute, { method: "PATCH", path: "/", key: s.key, params: { id }, body });
    const bad = await patch({ abTest: { ...good, metric: "replies" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe("abTest.metric");

    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const local = await s.send(id, { localTime: { date, time: "09:00" } });
    expect(local.status).toBe(400);
    expect(local.json.error.details[0].path).toBe("localTime");

    const changed = await patch({ abTest: { ...good, subjects: ["B", "C"], metric: "clicks" } });
    expect(changed.status).toBe(200);
    expect(changed.json.abTest).toEqual({ ...good, subjects: ["B", "C"], metric: "clicks" });
    const removed = await patch({ abTest: null });
    expect(removed.status).toBe(200);
    expect(removed.json.abTest).toBeNull();
    expect((await s.send(id, { localTime: { date, time: "09:00" } })).status).toBe(202);
  });
});
