import { describe, expect, it } from "vitest";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { GET as getListRoute, PATCH as patchListRoute } from "@/app/api/v1/lists/[id]/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { POST as joinSegmentRoute } from "@/app/api/v1/contacts/[id]/segments/[segmentId]/route";
import { POST as createSegmentRoute } from "@/app/api/v1/segments/route";
import { GET as getSegmentRoute } from "@/app/api/v1/segments/[id]/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { GET as confirmPage, POST as confirmPost } from "@/app/confirm/[token]/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// Double opt-in lists: joining sends a confirmation email through the ordinary pipeline (the
// dev inbox here); only a confirmed joiner is a member, and list_join fires on confirmation.

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await makeAccount();
  const { key, accountId } = account;
  const domain = await makeVerifiedDomain(accountId);
  await getDb().account.update({
    where: { id: accountId },
    data: { defaultFrom: `Acme <hi@${domain.domain}>`, rateLimitPerSecond: 1000, rateLimitBurst: 1000 },
  });
  const created = await call(createListRoute, { method: "POST", path: "/", key, body: { name: "Newsletter", doubleOptIn: true } });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  expect(created.json).toMatchObject({ name: "Newsletter", doubleOptIn: true, contactCount: 0 });
  const automation = await call(createAutomationRoute, {
    method: "POST",
    path: "/",
    key,
    body: {
      name: "Welcome",
      triggerType: "list_join",
      triggerConfig: { listName: "Newsletter" },
      steps: [{ delayMinutes: 60, subject: "Hi", bodyHtml: "<p>Hi</p>" }],
    },
  });
  expect((await call(activateRoute, { method: "POST", path: "/", key, params: { id: automation.json.id } })).status).toBe(200);
  return { ...account, listId: created.json.id as string, automationId: automation.json.id as string };
}

/** The confirmation link of the email sent to `to`, as delivered to the dev inbox. */
async function confirmationLink(accountId: string, to: string): Promise<string> {
  await runDueFor(accountId, [emailSendJob]);
  const messages = await getDb().inboxMessage.findMany({ where: { accountId, to: { has: to } } });
  expect(messages).toHaveLength(1);
  expect(messages[0].subject).toBe("Confirm your subscription to Newsletter");
  const match = /https?:\/\/[^\s"<]+\/confirm\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.exec(messages[0].text ?? "");
  expect(match).not.toBeNull();
  return match![0];
}

const token = (url: string) => new URL(url).pathname.slice("/confirm/".length);
const open = async (url: string) => {
  const res = await confirmPage(new Request(url), { params: Promise.resolve({ token: token(url) }) });
  return { status: res.status, html: await res.text() };
};
const confirm = async (url: string) => {
  const res = await confirmPost(new Request(url, { method: "POST" }), { params: Promise.resolve({ token: token(url) }) });
  return { status: res.status, html: await res.text() };
};

describe("double opt-in lists", () => {
  it("joining sends a confirmation email; the contact is a member, and list_join fires, only once they confirm", async () => {
    const s = await setup();
    const email = address("ann");
    const joined = await call(addMemberRoute, { method: "POST", path: "/", key: s.key, params: { id: s.listId }, body: { email } });
    expect(joined.status).toBe(200);
    expect(joined.json).toMatchObject({ added: false, pending: true, contact: { email, lists: [] } });
    const contactId = joined.json.contact.id as string;
    expect((await call(getListRoute, { path: "/", key: s.key, params: { id: s.listId } })).json.contactCount).toBe(0);
    expect(await getDb().enrollment.count({ where: { automationId: s.automationId } })).toBe(0);
    // Joining again while pending sends no second email.
    await call(addMemberRoute, { method: "POST", path: "/", key: s.key, params: { id: s.listId }, body: { contactId } });
    const link = await confirmationLink(s.accountId, email);

    // A filtered segment naming the list sees confirmed members only.
    const seg = await call(createSegmentRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "Readers", filter: { type: "segment", segmentId: s.listId } },
    });
    expect(seg.json.count).toBe(0);

    // Opening the link (a mail scanner does too) changes nothing; the button confirms.
    const page = await open(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<form method="post">');
    expect((await call(getListRoute, { path: "/", key: s.key, params: { id: s.listId } })).json.contactCount).toBe(0);
    const done = await confirm(link);
    expect(done.status).toBe(200);
    expect(done.html).toContain(`${email} is on Newsletter`);
    expect((await call(getListRoute, { path: "/", key: s.key, params: { id: s.listId } })).json.contactCount).toBe(1);
    expect(await getDb().enrollment.count({ where: { automationId: s.automationId, contactId } })).toBe(1);
    expect((await call(getSegmentRoute, { path: "/", key: s.key, params: { id: seg.json.id } })).json.count).toBe(1);

    // Confirming twice joins once; an altered link confirms nobody.
    expect((await confirm(link)).status).toBe(200);
    expect(await getDb().enrollment.count({ where: { automationId: s.automationId, contactId } })).toBe(1);
    expect((await confirm(link.slice(0, -2) + "xx")).status).toBe(404);
    expect((await open(link.slice(0, -2) + "xx")).status).toBe(404);
    // Already a member: joining again is a no-op, with no email.
    const again = await call(addMemberRoute, { method: "POST", path: "/", key: s.key, params: { id: s.listId }, body: { contactId } });
    expect(again.json).toMatchObject({ added: false });
    expect(again.json.pending).toBeUndefined();
  });

  it("a contact created with the list as a segment, or added through contacts.segments, is pending until confirmed", async () => {
    const s = await setup();
    const bob = address("bob");
    const created = await call(createContactRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { email: bob, segments: [{ id: s.listId }] },
    });
    expect(created.status).toBe(201);
    expect(created.json.lists).toEqual([]);
    const link = await confirmationLink(s.accountId, bob);
    expect((await confirm(link)).status).toBe(200);
    expect(await getDb().listMembership.count({ where: { listId: s.listId, contactId: created.json.id } })).toBe(1);

    const cy = (await call(createContactRoute, { method: "POST", path: "/", key: s.key, body: { email: address("cy") } })).json;
    const viaSegment = await call(joinSegmentRoute, { method: "POST", path: "/", key: s.key, params: { id: cy.id, segmentId: s.listId } });
    expect(viaSegment.status).toBe(200);
    expect(viaSegment.json).toEqual({ id: s.listId, added: false });
    expect(await getDb().pendingListMembership.count({ where: { listId: s.listId, contactId: cy.id } })).toBe(1);
  });

  it("a list turned to double opt-in later asks new joiners only; with no sender allowed the join is a 400", async () => {
    const { key, accountId } = await makeAccount();
    const list = (await call(createListRoute, { method: "POST", path: "/", key, body: { name: "Plain" } })).json;
    expect(list.doubleOptIn).toBe(false);
    const first = await call(addMemberRoute, { method: "POST", path: "/", key, params: { id: list.id }, body: { email: address("a") } });
    expect(first.status).toBe(201);
    const patched = await call(patchListRoute, { method: "PATCH", path: "/", key, params: { id: list.id }, body: { doubleOptIn: true } });
    expect(patched.json).toMatchObject({ doubleOptIn: true, contactCount: 1 });
    // No default sender: in local mode the sandbox sender sends the confirmation.
    const second = await call(addMemberRoute, { method: "POST", path: "/", key, params: { id: list.id }, body: { email: address("b") } });
    expect(second.json).toMatchObject({ pending: true });
    const email = await getDb().email.findFirstOrThrow({ where: { accountId, subject: "Confirm your subscription to Plain" } });
    expect(email.from).toMatch(/<.+@.+>$/);
    // A default sender that may not send (an unverified domain of nobody) refuses the join.
    await getDb().account.update({ where: { id: accountId }, data: { defaultFrom: "x@unverified.example" } });
    const refused = await call(addMemberRoute, { method: "POST", path: "/", key, params: { id: list.id }, body: { email: address("c") } });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/^this list asks joiners to confirm by email, and it cannot be sent/);
    expect(await getDb().pendingListMembership.count({ where: { listId: list.id } })).toBe(1);
  });
});
