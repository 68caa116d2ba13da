import { afterEach, describe, expect, it } from "vitest";
import { GET as listBroadcastsRoute, POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { DELETE as deleteBroadcastRoute, GET as getBroadcastRoute, PUT as putBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/route";
import { POST as sendRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { POST as cancelRoute } from "@/app/api/v1/broadcasts/[id]/cancel/route";
import { POST as testRoute } from "@/app/api/v1/broadcasts/[id]/test/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { DELETE as deleteTemplateRoute, PUT as putTemplateRoute } from "@/app/api/v1/templates/[id]/route";
import { GET as emailRoute } from "@/app/api/v1/emails/[id]/route";
import { POST as unsubscribePost } from "@/app/u/[token]/route";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { runBroadcast } from "@/lib/broadcasts/run-broadcast";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

afterEach(() => {
  delete process.env.BROADCAST_BATCH_SIZE;
  resetEnvCache();
});

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({
    where: { id: account.accountId },
    data: { companyName: "Acme", rateLimitPerSecond: 1000, rateLimitBurst: 1000 },
  });
  const { key } = account;
  const from = `Acme <news@${domain.domain}>`;
  const listRes = await call(createListRoute, { method: "POST", path: "/", key, body: { name: `News ${randomBase62(4)}` } });
  const listId = listRes.json.id as string;
  return {
    ...account,
    from,
    listId,
    listName: listRes.json.name as string,
    async join(body: Record<string, unknown>) {
      const res = await call(addMemberRoute, { method: "POST", path: "/", key, body, params: { id: listId } });
      expect(res.status).toBeLessThan(300);
      return res.json.contact as { id: string; email: string };
    },
    async create(body: Record<string, unknown> = {}) {
      const res = await call(createBroadcastRoute, {
        method: "POST",
        path: "/",
        key,
        body: {
          name: "October news",
          from,
          subject: "News for {{name}}",
          html: '<p>Hello {{name}} ({{plan}}) from {{company}} on {{list_name}}</p><a href="{{{unsubscribe_url}}}">unsubscribe</a>',
          listId,
          ...body,
        },
      });
      expect(res.status).toBe(201);
      return res.json as { id: string; status: string };
    },
    send: (id: string, body?: unknown) =>
      call(sendRoute, { method: "POST", path: "/", key, params: { id }, ...(body === undefined ? {} : { body }) }),
    async template(body: { subject: string; htmlBody: string }) {
      const res = await call(createTemplateRoute, { method: "POST", path: "/", key, body: { name: "T", ...body } });
      expect(res.status).toBe(201);
      return res.json.id as string;
    },
    get: async (id: string) => (await call(getBroadcastRoute, { path: "/", key, params: { id } })).json,
    run: () => runDueFor(account.accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]),
  };
}

const emailsOf = (broadcastId: string) =>
  getDb().email.findMany({ where: { broadcastId }, include: { recipients: true }, orderBy: { createdAt: "asc" } });

describe("broadcasts", () => {
  it("sends one personalized email to each subscribed member, skipping and counting unsubscribed and suppressed ones", async () => {
    const s = await setup();
    const members = [
      await s.join({ email: address("ann"), name: "Ann", properties: { plan: "pro" } }),
      await s.join({ email: address("bob"), name: "Bob", properties: { plan: "free" } }),
      await s.join({ email: address("cy"), properties: { plan: "team" } }),
    ];
    const unsubscribed = await s.join({ email: address("gone") });
    await getDb().contact.update({ where: { id: unsubscribed.id }, data: { subscribed: false } });
    const suppressed = await s.join({ email: address("blocked") });
    await getDb().suppression.create({
      data: { id: newId("sup"), accountId: s.accountId, email: suppressed.email, reason: "hard_bounce" },
    });
    const balanceBefore = (await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance;

    const draft = await s.create();
    expect(draft).toMatchObject({ status: "draft", listId: s.listId, listName: s.listName, stats: { recipients: 0, skipped: 0 } });
    const sent = await s.send(draft.id);
    expect(sent.status).toBe(202);
    expect(sent.json.status).toBe("sending");
    await s.run();

    const emails = await emailsOf(draft.id);
    expect(emails.map((e) => e.to[0]).sort()).toEqual(members.map((m) => m.email).sort());
    const ann = emails.find((e) => e.to[0] === members[0].email)!;
    expect(ann.subject).toBe("News for Ann");
    expect(ann.html).toContain(`Hello Ann (pro) from Acme on ${s.listName}`);
    expect(emails.find((e) => e.to[0] === members[2].email)!.subject).toBe("News for there");
    expect(ann.tags).toEqual([{ name: "broadcast_id", value: draft.id }]);
    const headers = ann.headers as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = /^<(.+)>$/.exec(headers["List-Unsubscribe"])![1];
    expect(ann.html).toContain(`href="${url}"`);
    expect(emails.every((e) => e.status === "delivered")).toBe(true);
    const record = await call(emailRoute, { path: "/", key: s.key, params: { id: ann.id } });
    expect(record.json.broadcast_id).toBe(draft.id);

    // The delivered message has a text/plain alternative and is a whole HTML document.
    const inbox = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: ann.id } });
    expect(inbox.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(inbox.raw).toMatch(/Content-Type: text\/plain/i);
    expect(inbox.text).toContain(`Hello Ann (pro) from Acme on ${s.listName}`);
    expect(inbox.html).toMatch(/^<!DOCTYPE html>\s*<html>/i);

    expect((await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance).toBe(balanceBefore - 3);
    // The ledger names the broadcast as people know it.
    const debits = await getDb().creditTransaction.findMany({ where: { accountId: s.accountId, type: "debit" } });
    expect(debits.map((d) => [d.description, d.amount])).toEqual([["Broadcast “October news”: 3 emails", 3]]);
    let got = await s.get(draft.id);
    expect(got.status).toBe("sent");
    expect(got.stats).toEqual({
      recipients: 3,
      sent: 3,
      delivered: 3,
      opened: 0,
      clicked: 0,
      bounced: 0,
      unsubscribed: 0,
      skipped: 2,
      optedOut: 0,
    });

    // The one-click link unsubscribes the member and counts once for this broadcast.
    const token = url.slice(url.indexOf("/u/") + 3);
    for (let i = 0; i < 2; i++) {
      const res = await unsubscribePost(new Request(url, { method: "POST", body: "List-Unsubscribe=One-Click" }), {
        params: Promise.resolve({ token }),
      });
      expect(res.status).toBeLessThan(300);
    }
    got = await s.get(draft.id);
    expect(got.stats.unsubscribed).toBe(1);
    expect((await getDb().contact.findUniqueOrThrow({ where: { id: members[0].id } })).subscribed).toBe(false);

    const list = await call(listBroadcastsRoute, { path: "/?status=sent", key: s.key });
    expect(list.json.data.map((b: { id: string }) => b.id)).toEqual([draft.id]);
    expect(list.json.pagination).toMatchObject({ total: 1, hasMore: false });

    // A sent broadcast can be neither changed nor deleted nor sent again.
    expect(
      (await call(putBroadcastRoute, { method: "PUT", path: "/", key: s.key, params: { id: draft.id }, body: { name: "x" } })).status,
    ).toBe(409);
    expect((await call(deleteBroadcastRoute, { method: "DELETE", path: "/", key: s.key, params: { id: draft.id } })).status).toBe(409);
    expect((await s.send(draft.id)).status).toBe(409);
  });

  it("checks credits for the whole audience before it starts and names how many are needed", async () => {
    const s = await setup();
    for (const name of ["a", "b", "c"]) await s.join({ email: address(name) });
    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 2 } });
    const draft = await s.create();
    const res = await s.send(draft.id);
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe("insufficient_credits");
    expect(res.json.error.message).toContain("needs 3 credits");
    expect((await s.get(draft.id)).status).toBe("draft");
    expect(await emailsOf(draft.id)).toHaveLength(0);
  });

  it("schedules a broadcast, and a cancelled one never sends", async () => {
    const s = await setup();
    await s.join({ email: address("ann") });
    const later = new Date(Date.now() + 3_600_000).toISOString();

    const kept = await s.create({ name: "Kept" });
    const scheduled = await s.send(kept.id, { scheduledAt: later });
    expect(scheduled.status).toBe(202);
    expect(scheduled.json).toMatchObject({ status: "scheduled", scheduledAt: later });

    const dropped = await s.create({ name: "Dropped" });
    expect((await s.send(dropped.id, { scheduledAt: later })).json.status).toBe("scheduled");
    const cancelled = await call(cancelRoute, { method: "POST", path: "/", key: s.key, params: { id: dropped.id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe("cancelled");
    expect((await call(cancelRoute, { method: "POST", path: "/", key: s.key, params: { id: dropped.id } })).status).toBe(409);

    // Nothing is due yet.
    await s.run();
    expect(await emailsOf(kept.id)).toHaveLength(0);
    // The scheduled time comes (moved here rather than moving the shared clock).
    await getDb().broadcast.updateMany({
      where: { id: { in: [kept.id, dropped.id] } },
      data: { scheduledAt: new Date(Date.now() - 1000) },
    });
    await getDb().job.updateMany({ where: { dedupeKey: `broadcast:${kept.id}` }, data: { runAt: new Date(Date.now() - 1000) } });
    await s.run();
    // Even a late fan-out run for the cancelled one (a job claimed before the cancel) sends nothing.
    expect(await runBroadcast(dropped.id)).toMatchObject({ status: "skipped", reason: "not_sending" });

    expect(await emailsOf(kept.id)).toHaveLength(1);
    expect(await emailsOf(dropped.id)).toHaveLength(0);
    expect((await s.get(kept.id)).status).toBe("sent");
    expect((await s.get(dropped.id)).status).toBe("cancelled");
  });

  it("fans out in batches and a batch run again after a crash sends nobody twice", async () => {
    process.env.BROADCAST_BATCH_SIZE = "2";
    resetEnvCache();
    const s = await setup();
    for (let i = 0; i < 5; i++) await s.join({ email: address(`m${i}`) });
    const gone = await s.join({ email: address("gone") });
    await getDb().contact.update({ where: { id: gone.id }, data: { subscribed: false } });
    const draft = await s.create();
    await s.send(draft.id);
    const first = await runBroadcast(draft.id);
    expect(first).toMatchObject({ status: "sent", batches: 3, emails: 5, skipped: 1 });

    // As if the worker died after the emails committed but before the cursor and counts did.
    await getDb().broadcast.update({ where: { id: draft.id }, data: { status: "sending", cursor: null, skipped: 0 } });
    const again = await runBroadcast(draft.id);
    expect(again).toMatchObject({ status: "sent", emails: 0, skipped: 1 });
    await s.run();
    const emails = await emailsOf(draft.id);
    expect(emails).toHaveLength(5);
    expect(new Set(emails.map((e) => e.to[0])).size).toBe(5);
    expect((await s.get(draft.id)).stats).toMatchObject({ recipients: 5, delivered: 5, skipped: 1 });
  });

  it("stops at a batch that fails while the next is in flight, and a run again sends everyone once and debits once", async () => {
    process.env.BROADCAST_BATCH_SIZE = "2";
    resetEnvCache();
    const s = await setup();
    for (let i = 0; i < 5; i++) await s.join({ email: address(`c${i}`) });
    // In the fan-out's order (contact ids as the database sorts them).
    const members = (
      await getDb().listMembership.findMany({ where: { listId: s.listId }, orderBy: { contactId: "asc" }, select: { contactId: true } })
    ).map((m) => m.contactId);
    const draft = await s.create();
    await s.send(draft.id);
    // Credits spent elsewhere after the send: 3 left for batches of 2, 2 and 1. The first two
    // batches are in the database at once and either may debit first: the first goes and the
    // second cannot (the third, stored beside it, takes the last credit), or the second goes and
    // the first cannot (and the run stops there).
    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 3 } });
    await expect(runBroadcast(draft.id)).rejects.toMatchObject({ code: "insufficient_credits" });
    const stopped = await getDb().broadcast.findUniqueOrThrow({ where: { id: draft.id } });
    expect(stopped.status).toBe("sending");
    expect(stopped.lastError).toContain("credits");
    const stored = await emailsOf(draft.id);
    const sentTo = new Set(stored.map((e) => e.contactId));
    if (stopped.cursor === null) {
      expect(sentTo).toEqual(new Set(members.slice(2, 4)));
    } else {
      // The cursor never moves past a batch that was not stored: everyone up to it has an email.
      expect(stopped.cursor).toBe(members[1]);
      expect(sentTo).toEqual(new Set([...members.slice(0, 2), members[4]]));
    }
    const sent = stored.length;
    expect((await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance).toBe(3 - sent);

    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: { increment: 10 } } });
    const again = await runBroadcast(draft.id);
    expect(again).toMatchObject({ status: "sent", emails: 5 - sent });
    const emails = await emailsOf(draft.id);
    expect(emails).toHaveLength(5);
    expect(new Set(emails.map((e) => e.to[0])).size).toBe(5);
    expect((await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance).toBe(3 + 10 - 5);
  });

  it("renders each member's body when it is sent, from the version its fan-out started with, storing only the variables it reads", async () => {
    const s = await setup();
    const templateId = await s.template({ subject: "Hi {{name}}", htmlBody: "<h1>First for {{name}} at {{company}}</h1>" });
    // A member's own value is text, never read as a tag: not at the fan-out, not at the send.
    const ann = await s.join({ email: address("ann"), name: "Ann {{company}}", properties: { plan: "pro", city: "Lyon" } });
    const draft = await s.create({ subject: undefined, html: undefined, templateId });
    expect((await s.get(draft.id)).sent).toBeNull();
    expect((await s.send(draft.id)).status).toBe(202);
    await runDueFor(s.accountId, [sendBroadcastJob]);

    const [queued] = await emailsOf(draft.id);
    expect(queued).toMatchObject({ status: "queued", to: [ann.email], subject: "Hi Ann {{company}}", html: null, text: null });
    // What the body reads, and the unsubscribe link the layout's footer shows: not the contact's other properties.
    const url = /^<(.+)>$/.exec((queued.headers as Record<string, string>)["List-Unsubscribe"])![1];
    expect(queued.variables).toEqual({ name: "Ann {{company}}", company: "Acme", unsubscribe_url: url });
    const read = await call(emailRoute, { path: "/", key: s.key, params: { id: queued.id } });
    expect(read.json.html).toContain("<h1>First for Ann {{company}} at Acme</h1>");
    expect(read.json.html).toContain(`href="${url}"`);

    // The template changes while the emails wait: every member still gets the version the broadcast started with.
    const edit = await call(putTemplateRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: templateId },
      body: { htmlBody: "<h1>Second for {{name}}</h1>" },
    });
    expect(edit.status).toBe(200);
    // The API shows what the members get: the version fixed at the start, as written.
    expect((await s.get(draft.id)).sent).toEqual({
      subject: "Hi {{name}}",
      html: "<h1>First for {{name}} at {{company}}</h1>",
      text: null,
    });
    await s.run();
    const [sent] = await emailsOf(draft.id);
    expect(sent.status).toBe("delivered");
    // The rendering sent is the email's record from then on.
    expect(sent.html).toContain("<h1>First for Ann {{company}} at Acme</h1>");
    expect(sent.html).toContain(`href="${url}"`);
    const inbox = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: sent.id } });
    expect(inbox.html).toContain("First for Ann {{company}} at Acme");
    expect((await call(emailRoute, { path: "/", key: s.key, params: { id: sent.id } })).json.html).toBe(sent.html);

    // A broadcast started from the edited template, which is then deleted: its emails go out as started.
    const next = await s.create({ subject: undefined, html: undefined, templateId });
    await s.send(next.id);
    await runDueFor(s.accountId, [sendBroadcastJob]);
    expect((await call(deleteTemplateRoute, { method: "DELETE", path: "/", key: s.key, params: { id: templateId } })).status).toBe(200);
    await s.run();
    const [second] = await emailsOf(next.id);
    expect(second.status).toBe("delivered");
    expect(second.html).toContain("<h1>Second for Ann {{company}}</h1>");
  });

  it("validates the draft, its list and template, and edits only drafts; deletes drafts and scheduled ones", async () => {
    const s = await setup();
    const other = await makeAccount();
    const otherList = await call(createListRoute, { method: "POST", path: "/", key: other.key, body: { name: "Theirs" } });
    const bad = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "x", from: s.from, subject: "s", html: "<p>x</p>", listId: otherList.json.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details).toEqual([{ path: "listId", message: "no such list" }]);
    const empty = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "x", from: s.from, listId: s.listId },
    });
    expect(empty.status).toBe(400);

    const templateId = await s.template({ subject: "From the template, {{name}}", htmlBody: "<h1>Hi {{name}}</h1>" });
    const draft = await s.create({ subject: undefined, html: undefined, templateId });
    const edited = await call(putBroadcastRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: draft.id },
      body: { name: "Renamed" },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ name: "Renamed", templateId });
    // Dropping the template leaves no content: refused.
    expect(
      (await call(putBroadcastRoute, { method: "PUT", path: "/", key: s.key, params: { id: draft.id }, body: { templateId: null } }))
        .status,
    ).toBe(400);

    const member = await s.join({ email: address("ann"), name: "Ann" });
    const test = await call(testRoute, { method: "POST", path: "/", key: s.key, params: { id: draft.id } });
    expect(test.status).toBe(201);
    expect(test.json.to).toBe(s.email);
    const testEmail = await getDb().email.findUniqueOrThrow({ where: { id: test.json.id } });
    expect(testEmail.subject).toBe("[Test] From the template, there");
    expect(testEmail.broadcastId).toBeNull();

    await s.send(draft.id);
    await s.run();
    const [email] = await emailsOf(draft.id);
    expect(email.to).toEqual([member.email]);
    expect(email.subject).toBe("From the template, Ann");
    expect(email.html).toContain("<h1>Hi Ann</h1>");

    const scheduled = await s.create({ name: "Later" });
    await s.send(scheduled.id, { scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call(deleteBroadcastRoute, { method: "DELETE", path: "/", key: s.key, params: { id: scheduled.id } })).status).toBe(200);
    expect(await getDb().job.count({ where: { dedupeKey: `broadcast:${scheduled.id}` } })).toBe(0);
    expect((await call(getBroadcastRoute, { path: "/", key: s.key, params: { id: scheduled.id } })).status).toBe(404);
    // Another account's broadcast is a 404.
    expect((await call(getBroadcastRoute, { path: "/", key: other.key, params: { id: draft.id } })).status).toBe(404);
  });
});
