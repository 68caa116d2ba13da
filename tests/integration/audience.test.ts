import { describe, expect, it } from "vitest";
import { GET as listTopicsRoute, POST as createTopicRoute } from "@/app/api/v1/topics/route";
import { DELETE as deleteTopicRoute, GET as getTopicRoute, PATCH as patchTopicRoute } from "@/app/api/v1/topics/[id]/route";
import { GET as contactTopicsRoute, PATCH as patchContactTopicsRoute } from "@/app/api/v1/contacts/[id]/topics/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { PATCH as patchContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as createPropertyRoute, GET as listPropertiesRoute } from "@/app/api/v1/contact-properties/route";
import { PATCH as patchPropertyRoute } from "@/app/api/v1/contact-properties/[id]/route";
import { POST as importRoute } from "@/app/api/v1/contacts/import/route";
import { GET as importStatusRoute } from "@/app/api/v1/contacts/import/[id]/route";
import { POST as recordEventRoute } from "@/app/api/v1/events/route";
import { GET as listSegmentsRoute, POST as createSegmentRoute } from "@/app/api/v1/segments/route";
import { DELETE as deleteSegmentRoute, GET as getSegmentRoute, PATCH as patchSegmentRoute } from "@/app/api/v1/segments/[id]/route";
import { GET as segmentContactsRoute } from "@/app/api/v1/segments/[id]/contacts/route";
import { GET as contactSegmentsRoute } from "@/app/api/v1/contacts/[id]/segments/route";
import { DELETE as leaveSegmentRoute, POST as joinSegmentRoute } from "@/app/api/v1/contacts/[id]/segments/[segmentId]/route";
import { GET as getListRoute } from "@/app/api/v1/lists/[id]/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { GET as getBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/route";
import { POST as sendBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { GET as preferencePage, POST as preferencePost } from "@/app/u/[token]/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { runDueJobsOnce } from "@/lib/jobs/poller";
import { runnableJobs } from "@/lib/jobs/handlers";
import { contactImportJob } from "@/lib/contacts/import-job";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function topic(key: string, body: Record<string, unknown>) {
  const res = await call(createTopicRoute, { method: "POST", path: "/", key, body });
  expect(res.status).toBe(201);
  return res.json as { id: string; name: string };
}

async function contact(key: string, body: Record<string, unknown>) {
  const res = await call(createContactRoute, { method: "POST", path: "/", key, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; email: string; lists: string[] };
}

const contactTopics = async (key: string, id: string) =>
  (await call(contactTopicsRoute, { path: "/", key, params: { id } })).json.data as { id: string; subscription: string }[];

describe("topics", () => {
  it("creates, reads, renames and deletes topics; a contact's subscription is its choice, else the default", async () => {
    const { key } = await makeAccount();
    const news = await topic(key, { name: "Product news", description: "Monthly", defaultSubscription: "opt_out" });
    expect(news).toMatchObject({ object: "topic", name: "Product news", description: "Monthly", default_subscription: "opt_out" });
    const tips = await topic(key, { name: "Tips", default_subscription: "opt_in" });
    expect(
      (await call(createTopicRoute, { method: "POST", path: "/", key, body: { name: "Tips", defaultSubscription: "opt_in" } })).status,
    ).toBe(409);
    const missing = await call(createTopicRoute, { method: "POST", path: "/", key, body: { name: "No default" } });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toMatch(/^defaultSubscription: /);

    const listed = await call(listTopicsRoute, { path: "/", key });
    expect(listed.json).toMatchObject({ object: "list", has_more: false });
    expect(listed.json.data.map((t: { name: string }) => t.name)).toEqual(["Product news", "Tips"]);
    const renamed = await call(patchTopicRoute, {
      method: "PATCH",
      path: "/",
      key,
      params: { id: tips.id },
      body: { name: "Weekly tips" },
    });
    expect(renamed.json).toMatchObject({ id: tips.id, name: "Weekly tips", default_subscription: "opt_in" });
    expect((await call(getTopicRoute, { path: "/", key, params: { id: tips.id } })).json.name).toBe("Weekly tips");

    // A contact created with a choice for one topic; the other keeps its default.
    const ann = await contact(key, { email: address("ann"), topics: [{ id: news.id, subscription: "opt_in" }] });
    expect(await contactTopics(key, ann.id)).toEqual([
      { id: news.id, name: "Product news", description: "Monthly", subscription: "opt_in" },
      { id: tips.id, name: "Weekly tips", description: null, subscription: "opt_in" },
    ]);
    const changed = await call(patchContactTopicsRoute, {
      method: "PATCH",
      path: "/",
      key,
      params: { id: ann.email },
      body: [{ id: tips.id, subscription: "opt_out" }],
    });
    expect(changed.status).toBe(200);
    expect((await contactTopics(key, ann.email)).map((t) => t.subscription)).toEqual(["opt_in", "opt_out"]);

    // Unknown topics are a 400 naming them, and nothing is stored.
    const bad = await call(patchContactTopicsRoute, {
      method: "PATCH",
      path: "/",
      key,
      params: { id: ann.id },
      body: {
        topics: [
          { id: news.id, subscription: "opt_out" },
          { id: "top_nope", subscription: "opt_in" },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain("top_nope");
    expect((await contactTopics(key, ann.id))[0].subscription).toBe("opt_in");
    const created = await call(createContactRoute, {
      method: "POST",
      path: "/",
      key,
      body: { email: address("x"), topics: [{ id: "top_nope", subscription: "opt_in" }] },
    });
    expect(created.status).toBe(400);
    // Topics are changed through their route, not a contact PATCH.
    expect((await call(patchContactRoute, { method: "PATCH", path: "/", key, params: { id: ann.id }, body: { topics: [] } })).status).toBe(
      400,
    );

    // Another account sees none of it.
    const other = await makeAccount();
    expect((await call(getTopicRoute, { path: "/", key: other.key, params: { id: news.id } })).status).toBe(404);
    expect((await call(contactTopicsRoute, { path: "/", key: other.key, params: { id: ann.id } })).status).toBe(404);

    expect((await call(deleteTopicRoute, { method: "DELETE", path: "/", key, params: { id: news.id } })).json).toEqual({
      object: "topic",
      id: news.id,
      deleted: true,
    });
    expect((await contactTopics(key, ann.id)).map((t) => t.id)).toEqual([tips.id]);
  });
});

describe("typed contact properties", () => {
  it("checks values against the declared type in the API, events and imports, naming the property", async () => {
    const { key, accountId } = await makeAccount();
    const declare = (body: Record<string, unknown>) => call(createPropertyRoute, { method: "POST", path: "/", key, body });
    const seats = await declare({ key: "seats", type: "number", fallback_value: 1 });
    expect(seats.status).toBe(201);
    expect(seats.json).toMatchObject({ object: "contact_property", key: "seats", type: "number", fallback_value: 1 });
    expect((await declare({ key: "beta", type: "boolean" })).status).toBe(201);
    expect((await declare({ key: "renews", type: "date" })).status).toBe(201);
    expect((await declare({ key: "seats", type: "string" })).status).toBe(409);
    const badFallback = await declare({ key: "plan", type: "number", fallback_value: "pro" });
    expect(badFallback.status).toBe(400);
    expect(badFallback.json.error.message).toMatch(/^fallback_value: /);
    const listed = await call(listPropertiesRoute, { path: "/", key });
    expect(listed.json.data.map((p: { key: string }) => p.key)).toEqual(["beta", "renews", "seats"]);
    const patched = await call(patchPropertyRoute, {
      method: "PATCH",
      path: "/",
      key,
      params: { id: seats.json.id },
      body: { fallback_value: 5 },
    });
    expect(patched.json.fallback_value).toBe(5);

    const ok = await contact(key, { email: address("ok"), properties: { seats: 3, beta: true, renews: "2027-01-31", plan: "any" } });
    const wrong = await call(createContactRoute, {
      method: "POST",
      path: "/",
      key,
      body: { email: address("no"), properties: { seats: "three" } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ message: "properties.seats: must be a number", details: [{ path: "properties.seats" }] });
    const patch = await call(patchContactRoute, {
      method: "PATCH",
      path: "/",
      key,
      params: { id: ok.id },
      body: { properties: { renews: "soon" } },
    });
    expect(patch.status).toBe(400);
    expect(patch.json.error.message).toMatch(/^properties\.renews: must be an ISO 8601 date/);
    // null removes a typed property as any other.
    expect(
      (await call(patchContactRoute, { method: "PATCH", path: "/", key, params: { id: ok.id }, body: { properties: { beta: null } } }))
        .status,
    ).toBe(200);
    const event = await call(recordEventRoute, {
      method: "POST",
      path: "/",
      key,
      body: { email: ok.email, name: "upgraded", properties: { beta: "yes" } },
    });
    expect(event.status).toBe(400);
    expect(event.json.error.message).toBe("properties.beta: must be true or false");

    // Imports parse a declared property's cells as its type; a row that does not parse is skipped.
    const csv = ["email,seats,beta,renews", `${address("a")},4,yes,2027-02-01`, `${address("b")},many,no,2027-02-01`].join("\n");
    const started = await call(importRoute, { method: "POST", path: "/", key, body: { csv } });
    expect(started.status).toBe(201);
    for (let i = 0; i < 20; i++) if (!(await runDueJobsOnce({ jobs: runnableJobs(contactImportJob), schedules: false })).length) break;
    const done = await call(importStatusRoute, { path: "/", key, params: { id: started.json.id } });
    expect(done.json).toMatchObject({
      status: "completed",
      created: 1,
      skipped: 1,
      errors: [{ row: 3, message: 'seats: "many" must be a number' }],
    });
    const imported = await getDb().contact.findFirstOrThrow({ where: { accountId, email: csv.split("\n")[1].split(",")[0] } });
    expect(imported.properties).toEqual({ seats: 4, beta: true, renews: "2027-02-01" });
  });
});

describe("static segments", () => {
  it("a segment without a filter is a list: the same record, members added and removed per contact, list_join fired", async () => {
    const { key, accountId } = await makeAccount();
    const created = await call(createSegmentRoute, { method: "POST", path: "/", key, body: { name: "Beta" } });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(created.json).toMatchObject({ object: "segment", name: "Beta", filter: null, count: 0 });
    expect((await call(getListRoute, { path: "/", key, params: { id } })).json).toMatchObject({ id, name: "Beta", contactCount: 0 });
    // A filter outside the rule grammar is a 400 naming it.
    const filtered = await call(createSegmentRoute, {
      method: "POST",
      path: "/",
      key,
      body: { name: "Pro", filter: { field: "plan", op: "eq", value: "pro" } },
    });
    expect(filtered.status).toBe(400);
    expect(filtered.json.error.message).toMatch(/^filter: /);

    const automation = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key,
      body: {
        name: "Welcome",
        triggerType: "list_join",
        triggerConfig: { listName: "Beta" },
        steps: [{ delayMinutes: 60, subject: "Hi", bodyHtml: "<p>Hi</p>" }],
      },
    });
    await makeVerifiedDomain(accountId).then((d) =>
      getDb().account.update({ where: { id: accountId }, data: { defaultFrom: `hi@${d.domain}` } }),
    );
    expect((await call(activateRoute, { method: "POST", path: "/", key, params: { id: automation.json.id } })).status).toBe(200);

    const ann = await contact(key, { email: address("ann") });
    const joined = await call(joinSegmentRoute, { method: "POST", path: "/", key, params: { id: ann.email, segmentId: id } });
    expect(joined.status).toBe(201);
    expect(joined.json).toEqual({ id, added: true });
    expect((await call(joinSegmentRoute, { method: "POST", path: "/", key, params: { id: ann.id, segmentId: id } })).status).toBe(200);
    expect(await getDb().enrollment.count({ where: { automationId: automation.json.id, contactId: ann.id } })).toBe(1);
    // A contact created with segments joins them, firing list_join too.
    const bob = await contact(key, { email: address("bob"), segments: [{ id }] });
    expect(bob.lists).toEqual(["Beta"]);
    expect(await getDb().enrollment.count({ where: { automationId: automation.json.id, contactId: bob.id } })).toBe(1);

    expect((await call(getSegmentRoute, { path: "/", key, params: { id } })).json.count).toBe(2);
    const members = await call(segmentContactsRoute, { path: "/", key, params: { id } });
    expect(members.json.data.map((c: { id: string }) => c.id).sort()).toEqual([ann.id, bob.id].sort());
    const ofAnn = await call(contactSegmentsRoute, { path: "/", key, params: { id: ann.id } });
    expect(ofAnn.json).toMatchObject({ object: "list", data: [{ id, name: "Beta", count: 2 }], has_more: false });
    expect((await call(leaveSegmentRoute, { method: "DELETE", path: "/", key, params: { id: ann.id, segmentId: id } })).json).toEqual({
      id,
      contactId: ann.id,
      deleted: true,
    });
    expect((await call(contactSegmentsRoute, { path: "/", key, params: { id: ann.id } })).json.data).toEqual([]);

    expect(
      (await call(patchSegmentRoute, { method: "PATCH", path: "/", key, params: { id }, body: { name: "Beta testers" } })).json.name,
    ).toBe("Beta testers");
    const listed = await call(listSegmentsRoute, { path: "/", key });
    expect(listed.json.data.map((s: { name: string }) => s.name)).toEqual(["Beta testers"]);
    expect((await call(deleteSegmentRoute, { method: "DELETE", path: "/", key, params: { id } })).json).toEqual({
      object: "segment",
      id,
      deleted: true,
    });
    expect((await call(getListRoute, { path: "/", key, params: { id } })).status).toBe(404);
  });
});

async function broadcastSetup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({
    where: { id: account.accountId },
    data: { companyName: "Acme", rateLimitPerSecond: 1000, rateLimitBurst: 1000 },
  });
  const { key } = account;
  const list = (await call(createListRoute, { method: "POST", path: "/", key, body: { name: `News ${randomBase62(4)}` } })).json;
  const join = async (body: Record<string, unknown>) =>
    (await call(addMemberRoute, { method: "POST", path: "/", key, params: { id: list.id }, body })).json.contact as {
      id: string;
      email: string;
    };
  const broadcast = async (topicId: string | null) => {
    const res = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key,
      body: {
        name: "News",
        from: `Acme <news@${domain.domain}>`,
        subject: "News",
        html: '<p>Hi</p><a href="{{{unsubscribe_url}}}">prefs</a>',
        listId: list.id,
        topicId,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect((await call(sendBroadcastRoute, { method: "POST", path: "/", key, params: { id: res.json.id } })).status).toBe(202);
    await runDueFor(account.accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]);
    return (await call(getBroadcastRoute, { path: "/", key, params: { id: res.json.id } })).json;
  };
  return { ...account, join, broadcast };
}

const unsubscribeUrlOf = async (broadcastId: string, contactId: string) => {
  const email = await getDb().email.findFirstOrThrow({ where: { broadcastId, contactId } });
  return /^<(.+)>$/.exec((email.headers as Record<string, string>)["List-Unsubscribe"])![1];
};

const page = async (url: string) => {
  const token = new URL(url).pathname.slice("/u/".length);
  const res = await preferencePage(new Request(url), { params: Promise.resolve({ token }) });
  return { status: res.status, html: await res.text() };
};
const post = async (url: string, body: string) => {
  const token = new URL(url).pathname.slice("/u/".length);
  const res = await preferencePost(
    new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }),
    { params: Promise.resolve({ token }) },
  );
  return { status: res.status, html: await res.text() };
};

describe("a broadcast with a topic and the preference page", () => {
  it("skips and counts members not subscribed to the topic; the page's switches and one-click act per topic", async () => {
    const s = await broadcastSetup();
    const news = await topic(s.key, { name: "Product news", defaultSubscription: "opt_out" });
    const tips = await topic(s.key, { name: "Tips", description: "Once a week", defaultSubscription: "opt_in" });
    const ann = await s.join({ email: address("ann") });
    const bob = await s.join({ email: address("bob") });
    const cy = await s.join({ email: address("cy") });
    // ann opted in to news; bob never chose (news is opt_out by default); cy opted out of tips.
    await call(patchContactTopicsRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id: ann.id },
      body: [{ id: news.id, subscription: "opt_in" }],
    });
    await call(patchContactTopicsRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id: cy.id },
      body: [{ id: tips.id, subscription: "opt_out" }],
    });

    const newsSend = await s.broadcast(news.id);
    expect(newsSend).toMatchObject({ status: "sent", topicId: news.id, stats: { recipients: 1, skipped: 0, optedOut: 2 } });
    const tipsSend = await s.broadcast(tips.id);
    expect(tipsSend.stats).toMatchObject({ recipients: 2, optedOut: 1 });
    expect((await getDb().email.findMany({ where: { broadcastId: tipsSend.id } })).map((e) => e.contactId).sort()).toEqual(
      [ann.id, bob.id].sort(),
    );

    // The link opens the preference page: the topics as switches, and unsubscribe from everything.
    const url = await unsubscribeUrlOf(tipsSend.id, ann.id);
    const shown = await page(url);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(ann.email);
    expect(shown.html).not.toContain(bob.email);
    expect(shown.html).toMatch(new RegExp(`name="topic" value="${news.id}"[^>]* checked`));
    expect(shown.html).toMatch(new RegExp(`name="topic" value="${tips.id}"[^>]* checked`));
    expect(shown.html).toContain("Once a week");
    expect(shown.html).toContain('name="action" value="unsubscribe_all"');

    // The form without JavaScript: news stays on, tips is switched off (an unchecked box is not sent).
    const saved = await post(url, `action=save&shown=${news.id}&shown=${tips.id}&topic=${news.id}`);
    expect(saved.status).toBe(200);
    expect(saved.html).toContain("Your preferences are saved.");
    expect((await contactTopics(s.key, ann.id)).map((t) => t.subscription)).toEqual(["opt_in", "opt_out"]);
    expect(saved.html).not.toMatch(new RegExp(`value="${tips.id}"[^>]* checked`));

    // One-click (RFC 8058) from the news email leaves news only; the contact stays subscribed.
    const newsUrl = await unsubscribeUrlOf(newsSend.id, ann.id);
    for (let i = 0; i < 2; i++) expect((await post(newsUrl, "List-Unsubscribe=One-Click")).status).toBe(200);
    expect((await contactTopics(s.key, ann.id)).map((t) => t.subscription)).toEqual(["opt_out", "opt_out"]);
    expect((await getDb().contact.findUniqueOrThrow({ where: { id: ann.id } })).subscribed).toBe(true);
    expect((await call(getBroadcastRoute, { path: "/", key: s.key, params: { id: newsSend.id } })).json.stats.unsubscribed).toBe(1);

    // One-click from bob's tips email leaves tips; his news default is untouched.
    await post(await unsubscribeUrlOf(tipsSend.id, bob.id), "List-Unsubscribe=One-Click");
    expect((await contactTopics(s.key, bob.id)).map((t) => t.subscription)).toEqual(["opt_out", "opt_out"]);
    expect((await getDb().contact.findUniqueOrThrow({ where: { id: bob.id } })).subscribed).toBe(true);

    // Unsubscribe from everything on the page.
    const all = await post(url, "action=unsubscribe_all");
    expect(all.html).toContain("You are unsubscribed");
    expect((await getDb().contact.findUniqueOrThrow({ where: { id: ann.id } })).subscribed).toBe(false);

    // A broadcast without a topic: one-click still unsubscribes from everything.
    const plain = await s.broadcast(null);
    expect(plain.stats).toMatchObject({ recipients: 2, skipped: 1, optedOut: 0 });
    await post(await unsubscribeUrlOf(plain.id, cy.id), "List-Unsubscribe=One-Click");
    expect((await getDb().contact.findUniqueOrThrow({ where: { id: cy.id } })).subscribed).toBe(false);

    // A forged or altered token shows nothing.
    expect((await page(url.slice(0, -3) + "abc")).status).toBe(404);
    expect((await post(url.slice(0, -3) + "abc", "action=unsubscribe_all")).status).toBe(404);
  });

  it("a broadcast naming another account's topic is a 400", async () => {
    const s = await broadcastSetup();
    const other = await makeAccount();
    const theirs = await topic(other.key, { name: "Theirs", defaultSubscription: "opt_in" });
    const res = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "x",
        from: "a@example.com",
        subject: "x",
        text: "x",
        listId: (await getDb().contactList.findFirstOrThrow({ where: { accountId: s.accountId } })).id,
        topicId: theirs.id,
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("topicId: no such topic");
  });
});
