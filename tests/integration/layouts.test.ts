import { describe, expect, it } from "vitest";
import { POST as signupRoute } from "@/app/api/signup/route";
import { GET as listLayoutsRoute, POST as createLayoutRoute } from "@/app/api/v1/layouts/route";
import { DELETE as deleteLayoutRoute, GET as getLayoutRoute, PUT as putLayoutRoute } from "@/app/api/v1/layouts/[id]/route";
import { POST as setDefaultRoute } from "@/app/api/v1/layouts/[id]/default/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { POST as sendBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";
import { withEnv } from "../helpers/with-env";

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const { key } = account;
  const layouts = await call(listLayoutsRoute, { path: "/api/v1/layouts", key });
  return {
    ...account,
    from: `Acme <news@${domain.domain}>`,
    defaultLayoutId: layouts.json.data[0].id as string,
    async list() {
      const res = await call(createListRoute, { method: "POST", path: "/", key, body: { name: `L ${randomBase62(5)}` } });
      return res.json as { id: string; name: string };
    },
    async join(listId: string, email: string) {
      const res = await call(addMemberRoute, { method: "POST", path: "/", key, body: { email, name: "Ann" }, params: { id: listId } });
      expect(res.status).toBeLessThan(300);
    },
    async broadcast(listId: string) {
      const created = await call(createBroadcastRoute, {
        method: "POST",
        path: "/",
        key,
        body: { name: "News", from: this.from, subject: "News for {{name}}", html: "<p>Body for {{name}}</p>", listId },
      });
      expect(created.status).toBe(201);
      expect((await call(sendBroadcastRoute, { method: "POST", path: "/", key, params: { id: created.json.id } })).status).toBe(202);
      await runDueFor(account.accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]);
      const email = await getDb().email.findFirstOrThrow({ where: { broadcastId: created.json.id } });
      return (await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: email.id } })).html!;
    },
  };
}

describe("layouts", () => {
  it("sign-up makes the account's default layout, named after it", async () => {
    await withEnv({ SIGNUP_LIMIT_PER_HOUR: "1000", SIGNUP_DOMAIN_LIMIT_PER_HOUR: "1000" }, async () => {
      const email = `founder-${randomBase62(8).toLowerCase()}@d${randomBase62(6).toLowerCase()}.example`;
      const res = await call(signupRoute, {
        method: "POST",
        path: "/api/signup",
        body: { name: "Globex Ltd", email, password: "correct horse battery" },
      });
      expect(res.status).toBe(201);
      const layouts = await getDb().layout.findMany({ where: { accountId: res.json.accountId } });
      expect(layouts).toHaveLength(1);
      expect(layouts[0]).toMatchObject({ isDefault: true, headerText: "Globex Ltd", brandColor: "#18181b", font: "system" });
    });
  });

  it("a layout change reaches the next broadcast and journey email, as delivered; an API send keeps its HTML", async () => {
    const s = await setup();
    const list = await s.list();
    await s.join(list.id, address("ann"));

    const before = await s.broadcast(list.id);
    expect(before).toContain("<p>Body for Ann</p>");
    expect(before).toContain(">Test</td>"); // the header made at sign-up from the account's name
    expect(before).not.toContain("42 Harbour Road");

    const put = await call(putLayoutRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: s.defaultLayoutId },
      body: {
        headerText: "Acme Weekly",
        footerText: "Sent by Acme & friends",
        address: "42 Harbour Road\nPortsmouth",
        brandColor: "#0f766e",
        font: "georgia",
      },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ headerText: "Acme Weekly", isDefault: true, font: "georgia" });

    const after = await s.broadcast(list.id);
    expect(after).toContain(">Acme Weekly</td>");
    expect(after).toContain("Sent by Acme &amp; friends");
    expect(after).toContain("42 Harbour Road<br>Portsmouth");
    expect(after).toContain("border-top:4px solid #0f766e");
    expect(after).toContain("Georgia");
    // The body has no unsubscribe link of its own: the footer's is there, once.
    expect(after.match(/>Unsubscribe<\/a>/g)).toHaveLength(1);
    expect(after.indexOf("Acme Weekly")).toBeLessThan(after.indexOf("Body for Ann"));
    expect(after.indexOf("Body for Ann")).toBeLessThan(after.indexOf("42 Harbour Road"));

    // A journey (automation) email is sent in the same layout.
    const journeyList = await s.list();
    const automation = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Welcome",
        from: s.from,
        triggerType: "list_join",
        triggerConfig: { listName: journeyList.name },
        steps: [
          { delayMinutes: 0, subject: "Welcome {{name}}", bodyHtml: '<p>Welcome aboard</p><a href="{{{unsubscribe_url}}}">Leave</a>' },
        ],
      },
    });
    expect(automation.status).toBe(201);
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id: automation.json.id } })).status).toBe(200);
    await s.join(journeyList.id, address("bob"));
    await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    const stepEmail = await getDb().email.findFirstOrThrow({ where: { automationId: automation.json.id } });
    const journeyHtml = (await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: stepEmail.id } })).html!;
    expect(journeyHtml).toContain(">Acme Weekly</td>");
    expect(journeyHtml).toContain("42 Harbour Road");
    // Its own unsubscribe link, so the footer adds none.
    expect(journeyHtml).not.toContain(">Unsubscribe</a>");
    expect(journeyHtml).toContain(">Leave</a>");

    // A developer's transactional HTML through POST /emails is sent as given.
    const sent = await call(sendRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { from: s.from, to: address("dev"), subject: "Receipt", html: "<p>Your receipt</p>" },
    });
    expect(sent.status).toBe(201);
    await runDueFor(s.accountId, [emailSendJob]);
    const receipt = (await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: sent.json.id } })).html!;
    expect(receipt).toContain("<p>Your receipt</p>");
    expect(receipt).not.toContain("Acme Weekly");
    expect(receipt).not.toContain("42 Harbour Road");
  });

  it("creates, switches the default, refuses deleting the default, and keeps accounts apart", async () => {
    const s = await setup();
    const other = await makeAccount();
    const created = await call(createLayoutRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "Newsletter", headerText: "Acme News", brandColor: "#1d4ed8" },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ isDefault: false, font: "system", logoUrl: null });

    const bad = await call(createLayoutRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "x", brandColor: "blue", logoUrl: "javascript:x" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["brandColor", "logoUrl"]);

    expect((await call(deleteLayoutRoute, { method: "DELETE", path: "/", key: s.key, params: { id: s.defaultLayoutId } })).status).toBe(
      409,
    );
    const switched = await call(setDefaultRoute, { method: "POST", path: "/", key: s.key, params: { id: created.json.id } });
    expect(switched.json.isDefault).toBe(true);
    const list = await call(listLayoutsRoute, { path: "/", key: s.key });
    expect(list.json.data.map((l: { id: string; isDefault: boolean }) => [l.id, l.isDefault])).toEqual([
      [created.json.id, true],
      [s.defaultLayoutId, false],
    ]);
    expect((await call(deleteLayoutRoute, { method: "DELETE", path: "/", key: s.key, params: { id: s.defaultLayoutId } })).status).toBe(
      200,
    );

    // Another account's layout is not found, read or written.
    const params = { id: created.json.id };
    expect((await call(getLayoutRoute, { path: "/", key: other.key, params })).status).toBe(404);
    expect((await call(putLayoutRoute, { method: "PUT", path: "/", key: other.key, params, body: { name: "mine" } })).status).toBe(404);
    expect((await call(setDefaultRoute, { method: "POST", path: "/", key: other.key, params })).status).toBe(404);
    expect((await call(deleteLayoutRoute, { method: "DELETE", path: "/", key: other.key, params })).status).toBe(404);
    expect((await getDb().layout.findUniqueOrThrow({ where: { id: created.json.id } })).name).toBe("Newsletter");
  });
});
