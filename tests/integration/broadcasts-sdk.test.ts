import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resend } from "resend";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { POST as openAsRecipientRoute } from "@/app/api/v1/inbox/[id]/open/route";
import { GET as clickRoute } from "@/app/t/c/[token]/route";
import { GET as recipientsRoute } from "@/app/api/v1/broadcasts/[id]/recipients/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { call } from "../helpers/api";
import { engineAccount } from "../helpers/automation-engine";
import { runDueFor } from "../helpers/jobs";
import { startApiServer, type ApiServer } from "../helpers/api-server";

// The official `resend` SDK's broadcast calls, unchanged, over HTTP at its base URL
// /api/v1/resend: create, get, list, update, duplicate, remove, send and cancel, then the sent
// broadcast's recipients by what happened to each (opened with its count, clicked with its links,
// bounced with its kind) and its clicked links; the SDK's error shape for bad input, and no
// reach into another account.

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
});

let ip = 1;
const hitHeaders = () => ({ "x-forwarded-for": `203.0.113.${(ip++ % 250) + 1}`, "user-agent": "SDK test" });
const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await engineAccount();
  const resend = new Resend(account.key, { baseUrl: `${server.baseUrl}/resend` });
  const { key } = account;
  const list = await call(createListRoute, { method: "POST", path: "/", key, body: { name: `News ${randomBase62(4)}` } });
  const listId = list.json.id as string;
  const join = async (email: string, name: string) => {
    const res = await call(addMemberRoute, { method: "POST", path: "/", key, body: { email, name }, params: { id: listId } });
    expect(res.status).toBeLessThan(300);
  };
  return { ...account, resend, listId, join };
}

const emailOf = async (broadcastId: string, to: string) =>
  getDb().email.findFirstOrThrow({ where: { broadcastId, to: { has: to } }, select: { id: true } });

describe("resend SDK: broadcasts", () => {
  it("creates, reads, changes, duplicates, removes and sends a broadcast, then lists its recipients by outcome and its clicked links", async () => {
    const s = await setup();
    const ada = address("ada");
    const grace = address("grace");
    const bounced = `bounced+${randomBase62(6).toLowerCase()}@simulator.test`;
    await s.join(ada, "Ada");
    await s.join(grace, "Grace");
    await s.join(bounced, "Bo");

    const created = await s.resend.broadcasts.create({
      name: "SDK news",
      segmentId: s.listId,
      from: s.from,
      subject: "Hello {{name}}",
      html: '<p>Hi {{name}}</p><a href="https://example.com/launch">Launch</a>',
    });
    expect(created.error).toBeNull();
    const id = created.data!.id;
    expect(id).toMatch(/^bc_/);

    const got = await s.resend.broadcasts.get(id);
    expect(got.error).toBeNull();
    expect(got.data).toMatchObject({
      object: "broadcast",
      id,
      name: "SDK news",
      segment_id: s.listId,
      audience_id: s.listId,
      status: "draft",
      from: s.from,
      subject: "Hello {{name}}",
      topic_id: null,
      sent_at: null,
    });

    const updated = await s.resend.broadcasts.update(id, { subject: "News for {{name}}" });
    expect(updated.error).toBeNull();
    expect((await s.resend.broadcasts.get(id)).data?.subject).toBe("News for {{name}}");

    const copy = await s.resend.broadcasts.duplicate(id);
    expect(copy.error).toBeNull();
    expect(copy.data).toEqual({ object: "broadcast", id: expect.stringMatching(/^bc_/) });
    expect((await s.resend.broadcasts.get(copy.data!.id)).data).toMatchObject({ name: "SDK news (copy)", subject: "News for {{name}}" });
    const listed = await s.resend.broadcasts.list();
    expect(listed.data?.data.map((b) => b.id)).toEqual([copy.data!.id, id]);
    expect(await s.resend.broadcasts.remove(copy.data!.id)).toMatchObject({
      data: { object: "broadcast", id: copy.data!.id, deleted: true },
    });

    const sent = await s.resend.broadcasts.send(id);
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ id });
    expect((await s.resend.broadcasts.get(id)).data?.status).toBe("queued");
    await runDueFor(s.accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]);
    expect((await s.resend.broadcasts.get(id)).data).toMatchObject({ status: "sent", sent_at: expect.any(String) });

    // Ada opens her email and follows its link.
    const adaEmail = await emailOf(id, ada);
    const message = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: adaEmail.id } });
    const opened = await call(openAsRecipientRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      params: { id: message.id },
      headers: hitHeaders(),
    });
    expect(opened.json.outcome).toBe("counted");
    const link = /https?:\/\/[^'"\s]+\/t\/c\/([0-9A-Za-z]+)/.exec(message.html ?? "")!;
    const clicked = await clickRoute(new Request(link[0], { headers: hitHeaders() }), { params: Promise.resolve({ token: link[1] }) });
    expect(clicked.status).toBe(302);

    const recipients = async (type: "sent" | "delivered" | "opened" | "clicked" | "bounced", extra: Record<string, string> = {}) => {
      const res = await s.resend.broadcasts.recipients(id, { type, ...extra } as never);
      expect(res.error).toBeNull();
      return [...res.data!.data].sort((a, b) => a.email.localeCompare(b.email));
    };
    expect((await recipients("sent")).map((r) => r.email)).toEqual([ada, bounced, grace].sort());
    expect((await recipients("delivered")).map((r) => r.email)).toEqual([ada, grace].sort());
    const [open] = await recipients("opened");
    expect(open).toEqual({ id: expect.stringMatching(/^rcp_/), contact_id: expect.stringMatching(/^con_/), email: ada, count: 1 });
    expect(await recipients("clicked")).toEqual([
      { id: open.id, contact_id: open.contact_id, email: ada, count: 1, clicked_links: [{ url: "https://example.com/launch", clicks: 1 }] },
    ]);
    expect(await recipients("bounced")).toEqual([
      { id: expect.stringMatching(/^rcp_/), contact_id: expect.stringMatching(/^con_/), email: bounced, bounce_type: "permanent" },
    ]);
    expect(await recipients("bounced", { bounceType: "transient" })).toEqual([]);
    expect((await recipients("delivered", { email: grace.toUpperCase() })).map((r) => r.email)).toEqual([grace]);
    const paged = await s.resend.broadcasts.recipients(id, { type: "sent", limit: 2 });
    expect(paged.data).toMatchObject({ object: "list", has_more: true });
    expect(paged.data?.data).toHaveLength(2);

    const links = await s.resend.broadcasts.clickedLinks(id);
    expect(links.error).toBeNull();
    expect(links.data).toEqual({
      object: "list",
      has_more: false,
      data: [{ id: expect.any(String), url: "https://example.com/launch", clicks: 1, unique_clicks: 1 }],
    });

    // The dashboard's list: every recipient with its status and first open and click.
    const all = await call(recipientsRoute, { path: "/?limit=10", key: s.key, params: { id } });
    expect(all.status).toBe(200);
    const byEmail = Object.fromEntries(
      (all.json.data as { email: string; status: string; openedAt: string | null; clickedAt: string | null }[]).map((r) => [r.email, r]),
    );
    expect(Object.keys(byEmail).sort()).toEqual([ada, bounced, grace].sort());
    expect(byEmail[ada]).toMatchObject({ status: "delivered", openedAt: expect.any(String), clickedAt: expect.any(String) });
    expect(byEmail[grace]).toMatchObject({ status: "delivered", openedAt: null, clickedAt: null });
    expect(byEmail[bounced]).toMatchObject({ status: "bounced" });
    expect(all.json.pagination).toEqual({ limit: 10, offset: 0, total: 3, hasMore: false });
    const onlyBounced = await call(recipientsRoute, { path: "/?status=bounced", key: s.key, params: { id } });
    expect(onlyBounced.json.data.map((r: { email: string }) => r.email)).toEqual([bounced]);
    const badStatus = await call(recipientsRoute, { path: "/?status=read", key: s.key, params: { id } });
    expect(badStatus.status).toBe(400);

    // A sent broadcast can be neither changed, removed nor sent again.
    expect((await s.resend.broadcasts.update(id, { name: "Later" })).error).toMatchObject({ statusCode: 409 });
    expect((await s.resend.broadcasts.remove(id)).error).toMatchObject({ statusCode: 409 });
  });

  it("creates and schedules in one call, cancels, and answers bad input and other accounts' broadcasts in the SDK's error shape", async () => {
    const s = await setup();
    await s.join(address("ada"), "Ada");
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await s.resend.broadcasts.create({
      segmentId: s.listId,
      from: s.from,
      subject: "Later news",
      html: "<p>Soon</p>",
      send: true,
      scheduledAt: at,
    });
    expect(scheduled.error).toBeNull();
    const id = scheduled.data!.id;
    expect((await s.resend.broadcasts.get(id)).data).toMatchObject({
      name: "Later news",
      status: "queued",
      scheduled_at: at,
    });
    expect(await s.resend.broadcasts.cancel(id)).toMatchObject({ data: { object: "broadcast", id } });
    expect((await s.resend.broadcasts.get(id)).data?.status).toBe("cancelled");

    const noSegment = await s.resend.broadcasts.create({ from: s.from, subject: "x", html: "<p>x</p>" } as never);
    expect(noSegment.error).toMatchObject({ statusCode: 400, message: expect.stringContaining("segment_id") });
    const replyTo = await s.resend.broadcasts.create({
      segmentId: s.listId,
      from: s.from,
      subject: "x",
      html: "<p>x</p>",
      replyTo: ["a@b.example"],
    });
    expect(replyTo.error).toMatchObject({ statusCode: 400, message: expect.stringContaining("reply_to") });
    const noList = await s.resend.broadcasts.create({ segmentId: "lst_missing", from: s.from, subject: "x", html: "<p>x</p>" });
    expect(noList.error).toMatchObject({ statusCode: 400, message: "segment_id: no such list" });
    const badType = await s.resend.broadcasts.recipients(id, { type: "read" as never });
    expect(badType.error).toMatchObject({ statusCode: 400, message: expect.stringContaining("type") });

    const other = await setup();
    expect((await other.resend.broadcasts.get(id)).error).toMatchObject({ statusCode: 404 });
    expect((await other.resend.broadcasts.recipients(id, { type: "sent" })).error).toMatchObject({ statusCode: 404 });
    expect((await other.resend.broadcasts.clickedLinks(id)).error).toMatchObject({ statusCode: 404 });
    expect((await other.resend.broadcasts.duplicate(id)).error).toMatchObject({ statusCode: 404 });
    expect((await other.resend.broadcasts.list()).data?.data).toEqual([]);
  });
});
