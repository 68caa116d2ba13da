import { describe, expect, it } from "vitest";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as accountRoute, PUT as putAccountRoute } from "@/app/api/v1/account/route";
import { POST as createDomainRoute } from "@/app/api/v1/domains/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { GET as getAutomationRoute } from "@/app/api/v1/automations/[id]/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { GET as checksRoute } from "@/app/api/v1/automations/[id]/checks/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { GET as getBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/route";
import { POST as sendBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { GET as inboxRoute } from "@/app/api/v1/inbox/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { call, makeAccount } from "../helpers/api";
import { runDueFor } from "../helpers/jobs";
import { withEnv } from "../helpers/with-env";

// Local mode: mail cannot leave the machine (MAIL_TRANSPORT=inbox, the default). The sandbox
// sender and the account's own unverified domains send to anyone, automations activate and
// broadcasts send, every email landing in the dev inbox. With a real transport (a smarthost
// here; nothing is delivered in these tests) every rule is as strict as before.
const SANDBOX = "onboarding@sandbox.mailwright.test";
const REAL = { MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://127.0.0.1:9" };
const UNSUBSCRIBE = '<a href="{{unsubscribe_url}}">Unsubscribe</a>';
const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@customer.example`;

async function setup() {
  const account = await makeAccount();
  const { key, accountId } = account;
  const post = (handler: Parameters<typeof call>[0], body: unknown, params: Record<string, string> = {}) =>
    call(handler, { method: "POST", path: "/", key, body, params });
  const domainName = `mw${randomBase62(8).toLowerCase()}.example`;
  const domain = await post(createDomainRoute, { domain: domainName });
  expect(domain.status).toBe(201);
  expect(domain.json.status).not.toBe("verified");
  const listName = `Leads ${randomBase62(4)}`;
  const list = await post(createListRoute, { name: listName });
  expect(list.status).toBe(201);
  return {
    ...account,
    domainName,
    listId: list.json.id as string,
    send: (body: Record<string, unknown>) => post(sendRoute, body),
    automation: async (from: string | null) => {
      const res = await post(createAutomationRoute, {
        name: "Welcome",
        triggerType: "list_join",
        triggerConfig: { listName },
        from,
        steps: [{ delayMinutes: 0, subject: "Welcome {{name}}", bodyHtml: `<p>Hi {{name}}</p>${UNSUBSCRIBE}` }],
      });
      expect(res.status).toBe(201);
      return res.json.id as string;
    },
    checks: async (id: string) => (await call(checksRoute, { path: "/", key, params: { id } })).json,
    activate: (id: string) => post(activateRoute, undefined, { id }),
    getAutomation: async (id: string) => (await call(getAutomationRoute, { path: "/", key, params: { id } })).json,
    join: async (email: string) => {
      const res = await post(addMemberRoute, { email, name: "Ada" }, { id: list.json.id });
      expect(res.status).toBeLessThan(300);
    },
    broadcast: async (from: string) => {
      const res = await post(createBroadcastRoute, {
        name: "News",
        from,
        subject: "News for {{name}}",
        html: `<p>Hello {{name}}</p>${UNSUBSCRIBE}`,
        listId: list.json.id,
      });
      expect(res.status).toBe(201);
      return res.json.id as string;
    },
    sendBroadcast: (id: string) => post(sendBroadcastRoute, undefined, { id }),
    getBroadcast: async (id: string) => (await call(getBroadcastRoute, { path: "/", key, params: { id } })).json,
    run: () => runDueFor(accountId, [advanceEnrollmentJob, sendBroadcastJob, emailSendJob, emailSendBatchJob]),
    inbox: async () =>
      (await call(inboxRoute, { path: "/?limit=100", key })).json.data as { to: string[]; from: string; subject: string }[],
  };
}

describe("local mode (the dev-inbox transport)", () => {
  it("says so on GET /account, and a production deploy with it is warned that it delivers nothing", async () => {
    const { key } = await makeAccount();
    const local = await call(accountRoute, { path: "/", key });
    expect(local.json).toMatchObject({ localMode: true, localModeWarning: null, sandboxFrom: SANDBOX });
    const production = await withEnv({ APP_ENV: "production" }, () => call(accountRoute, { path: "/", key }));
    expect(production.json.localMode).toBe(true);
    expect(production.json.localModeWarning).toMatch(/delivers no mail/);
    const real = await withEnv(REAL, () => call(accountRoute, { path: "/", key }));
    expect(real.json).toMatchObject({ localMode: false, localModeWarning: null });
    // Whether webhooks may reach this machine: local mode outside production, or WEBHOOK_ALLOW_PRIVATE.
    expect(local.json.webhooksReachPrivate).toBe(true);
    expect(production.json.webhooksReachPrivate).toBe(false);
    expect(real.json.webhooksReachPrivate).toBe(false);
    const allowed = await withEnv({ ...REAL, WEBHOOK_ALLOW_PRIVATE: "1" }, () => call(accountRoute, { path: "/", key }));
    expect(allowed.json).toMatchObject({ localMode: false, webhooksReachPrivate: true });
  });

  it("sends from an unverified domain of the account to anyone, but not from a domain it does not have", async () => {
    const s = await setup();
    const to = address("ann");
    const sent = await s.send({ from: `hello@${s.domainName}`, to, subject: "Hi", html: "<p>Hi</p>" });
    expect(sent.status).toBe(201);
    await s.run();
    const inbox = await s.inbox();
    expect(
      inbox.some((m) => m.to.includes(to) && m.from.includes(s.domainName)),
      JSON.stringify(inbox),
    ).toBe(true);

    const foreign = await s.send({ from: "hello@not-mine.example", to, subject: "Hi", html: "<p>Hi</p>" });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error.code).toBe("domain_not_verified");

    // With a real transport the unverified domain is refused again, and so is the sandbox
    // sender to anyone but the account's own address.
    await withEnv(REAL, async () => {
      const refused = await s.send({ from: `hello@${s.domainName}`, to, subject: "Hi", html: "<p>Hi</p>" });
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe("domain_not_verified");
      const sandbox = await s.send({ from: SANDBOX, to, subject: "Hi", html: "<p>Hi</p>" });
      expect(sandbox.status).toBe(403);
      expect(sandbox.json.error.code).toBe("sandbox_recipient");
    });
  });

  it("activates an automation that sends from the sandbox sender, and a contact who joins gets its email in the dev inbox", async () => {
    const s = await setup();
    // No sender at all: the fix sets the sandbox sender.
    const bare = await s.automation(null);
    const [noSender] = (await s.checks(bare)).blockers;
    expect(noSender).toMatchObject({ code: "no_sender", fix: { action: "choose_sender", from: SANDBOX } });

    const id = await s.automation(SANDBOX);
    expect((await s.checks(id)).blockers).toEqual([]);
    const activated = await s.activate(id);
    expect(activated.status).toBe(200);
    expect(activated.json.status).toBe("active");
    const to = address("bea");
    await s.join(to);
    await s.run();
    const got = (await s.inbox()).find((m) => m.to.includes(to));
    expect(got).toMatchObject({ subject: "Welcome Ada" });
    expect(got!.from).toContain(SANDBOX);

    // An unverified domain of the account activates too; the default sender may be either.
    const own = await s.automation(`Acme <hello@${s.domainName}>`);
    expect((await s.checks(own)).blockers).toEqual([]);
    const put = await call(putAccountRoute, { method: "PUT", path: "/", key: s.key, body: { defaultFrom: SANDBOX } });
    expect(put.status).toBe(200);
  });

  it("refuses the same automation with a real transport, naming the sandbox sender as the reason", async () => {
    const s = await setup();
    const id = await s.automation(SANDBOX);
    await withEnv(REAL, async () => {
      const [blocker] = (await s.checks(id)).blockers;
      expect(blocker).toMatchObject({ code: "sandbox_sender", path: "from", fix: { action: "verify_domain" } });
      expect(blocker.message).toMatch(/sandbox sender .* only reaches your own address/);
      const refused = await s.activate(id);
      expect(refused.status).toBe(400);
      expect(refused.json.error.blockers[0].code).toBe("sandbox_sender");

      const own = await s.automation(`hello@${s.domainName}`);
      expect((await s.checks(own)).blockers[0]).toMatchObject({ code: "sender_not_verified" });
      const put = await call(putAccountRoute, { method: "PUT", path: "/", key: s.key, body: { defaultFrom: SANDBOX } });
      expect(put.status).toBe(403);
      expect(put.json.error.code).toBe("domain_not_verified");
    });
  });

  it("stops an active automation whose sandbox sender may no longer send once the transport is real, sending nothing", async () => {
    const s = await setup();
    const id = await s.automation(SANDBOX);
    expect((await s.activate(id)).status).toBe(200);
    await withEnv(REAL, async () => {
      const to = address("cy");
      await s.join(to);
      // The step's job fails for good (no retry could make the sandbox sender reach cy).
      await expect(s.run()).rejects.toThrow(/sandbox sender/);
      const automation = await s.getAutomation(id);
      expect(automation.status).toBe("paused");
      expect(automation.pausedReason).toMatch(/Paused by Mailwright: .*sandbox sender/);
      const enrollment = await getDb().enrollment.findFirstOrThrow({ where: { automationId: id } });
      expect(enrollment.status).toBe("failed");
      expect(enrollment.lastError).toMatch(/sandbox sender/);
      expect(await getDb().email.count({ where: { automationId: id } })).toBe(0);
    });
    // Back in local mode it activates again, and the reason is cleared.
    const again = await s.activate(id);
    expect(again.status).toBe(200);
    expect(again.json.pausedReason).toBeNull();
  });

  it("sends a broadcast from the sandbox sender to the whole list; with a real transport the send is refused and a started one stops", async () => {
    const s = await setup();
    const members = [address("dee"), address("eve")];
    for (const m of members) await s.join(m);
    const id = await s.broadcast(SANDBOX);
    const sent = await s.sendBroadcast(id);
    expect(sent.status).toBe(202);
    await s.run();
    expect((await s.getBroadcast(id)).status).toBe("sent");
    const inbox = await s.inbox();
    for (const m of members) expect(inbox.find((x) => x.to.includes(m))?.subject).toBe("News for Ada");

    const second = await s.broadcast(SANDBOX);
    await withEnv(REAL, async () => {
      const refused = await s.sendBroadcast(second);
      expect(refused.status).toBe(403);
      expect(refused.json.error.code).toBe("domain_not_verified");
      expect(refused.json.error.message).toMatch(/sandbox sender/);
    });
    // Sent in local mode, fanned out after the transport became real: it fails, naming why.
    expect((await s.sendBroadcast(second)).status).toBe(202);
    await withEnv(REAL, async () => {
      await s.run();
      const failed = await s.getBroadcast(second);
      expect(failed.status).toBe("failed");
      expect(failed.lastError).toMatch(/not sent: the sandbox sender/);
      expect(await getDb().email.count({ where: { broadcastId: second } })).toBe(0);
    });
  });
});
