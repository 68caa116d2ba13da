import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { GET as getAutomationRoute } from "@/app/api/v1/automations/[id]/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { GET as enrollmentsRoute } from "@/app/api/v1/automations/[id]/enrollments/route";
import { GET as listRunsRoute, POST as startRunRoute } from "@/app/api/v1/automations/[id]/test-runs/route";
import { GET as getRunRoute } from "@/app/api/v1/automations/[id]/test-runs/[runId]/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { GET as getContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { GET as creditsRoute } from "@/app/api/v1/account/credits/route";
import { GET as overviewRoute } from "@/app/api/v1/analytics/overview/route";
import { GET as listEmailsRoute, POST as sendEmailRoute } from "@/app/api/v1/emails/route";
import { GET as inboxRoute } from "@/app/api/v1/inbox/route";
import { POST as createWebhookRoute } from "@/app/api/v1/webhooks/route";
import { GET as deliveriesRoute } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { now, setClock } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { TEST_RUN_STEP_DELAY_MS } from "@/lib/automations/test-runs/test-run-timing";
import { call, makeAccount } from "../helpers/api";
import { runDueFor } from "../helpers/jobs";
import { makeVerifiedDomain } from "../helpers/domains";

beforeEach(() => {
  process.env.ENABLE_TEST_CLOCK = "1";
  resetEnvCache();
});
afterEach(() => {
  delete process.env.ENABLE_TEST_CLOCK;
  delete process.env.MAIL_TRANSPORT;
  delete process.env.SMTP_URL;
  resetEnvCache();
});

const DAY = 1440;

/** Runs advance and delivery jobs until nothing more is due; returns how many ran. */
const runDue = (accountId: string) => runDueFor(accountId, [advanceEnrollmentJob, emailSendJob]);

/** Moves the service clock forward by `ms` (a test run's delays are seconds). */
const advance = (ms: number) => setClock({ now: new Date(now().getTime() + ms) });

interface Run {
  id: string;
  status: string;
  contact: { contactId: string | null; email: string; name: string | null; note: string | null };
  steps: { id: string; position: number; status: string; dueAt: string | null; emailId: string | null }[];
  emails: { id: string; position: number; subject: string; html?: string; to: string[]; inboxMessageId: string | null }[];
  error: string | null;
}

async function setup(options: { credits?: number } = {}) {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({
    where: { id: account.accountId },
    data: {
      companyName: "Acme",
      rateLimitPerSecond: 1000,
      rateLimitBurst: 1000,
      ...(options.credits !== undefined ? { creditBalance: options.credits } : {}),
    },
  });
  const { key } = account;
  const from = `Acme <hello@${domain.domain}>`;
  const automation = async (body: Record<string, unknown> = {}) => {
    const res = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key,
      body: {
        name: "Onboarding",
        from,
        triggerType: "list_join",
        triggerConfig: { listName: "Trial" },
        steps: [
          {
            delayMinutes: 0,
            subject: "Welcome {{name}}",
            bodyHtml: "<p>Hi {{name}} ({{email}}) on {{plan}} from {{company}} via {{list_name}}</p>",
          },
          {
            delayMinutes: DAY,
            subject: "Day one, {{name}}",
            bodyHtml: '<p>Tips for the {{plan}} plan</p><a href="{{{unsubscribe_url}}}">unsubscribe</a>',
          },
          { delayMinutes: 3 * DAY, subject: "Day four: {{plan}} wrap-up", bodyHtml: "<p>Bye {{name}}</p>" },
        ],
        ...body,
      },
    });
    expect(res.status).toBe(201);
    return res.json as { id: string; steps: { id: string }[] };
  };
  return {
    ...account,
    from,
    automation,
    start: (automationId: string, body: unknown) =>
      call(startRunRoute, { method: "POST", path: "/", key, body, params: { id: automationId } }),
    run: async (automationId: string, runId: string) => {
      const res = await call(getRunRoute, { path: "/", key, params: { id: automationId, runId } });
      expect(res.status).toBe(200);
      return res.json as Run;
    },
    credits: async () => (await call(creditsRoute, { path: "/", key })).json,
    // The counts only: the range's ends follow the clock.
    overview: async () => {
      const { from: _from, to: _to, ...counts } = (await call(overviewRoute, { path: "/", key })).json;
      return counts;
    },
    stats: async (id: string) => (await call(getAutomationRoute, { path: "/", key, params: { id } })).json.stats,
    enrollments: async (id: string) => (await call(enrollmentsRoute, { path: "/", key, params: { id } })).json,
  };
}

/** Plays a test run out: a pass of due jobs, then the clock a step's compressed delay ahead. */
async function playOut(s: Awaited<ReturnType<typeof setup>>, automationId: string, runId: string) {
  const seen: string[][] = [];
  for (let i = 0; i < 10; i++) {
    await runDue(s.accountId);
    const run = await s.run(automationId, runId);
    seen.push(run.steps.map((step) => step.status));
    if (run.status !== "running") return { run, seen };
    await advance(TEST_RUN_STEP_DELAY_MS + 500);
  }
  throw new Error(`the test run did not finish: ${JSON.stringify(seen)}`);
}

describe("automation test runs", () => {
  it("sends exactly the steps' rendered emails, in seconds, for a made-up contact, and leaves credits, analytics and webhooks alone", async () => {
    const s = await setup();
    const automation = await s.automation();
    const webhook = await call(createWebhookRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { url: "https://hooks.example.com/mw" },
    });
    expect(webhook.status).toBe(201);
    // One real email first, so the counters and the webhook have something to stay unchanged from.
    const real = await call(sendEmailRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { from: s.from, to: "delivered@simulator.test", subject: "Real", html: "<p>real</p>" },
    });
    expect(real.status).toBe(201);
    await runDue(s.accountId);
    const messagesBefore = await getDb().webhookMessage.count({ where: { webhookId: webhook.json.id } });
    expect(messagesBefore).toBeGreaterThan(0);
    const creditsBefore = await s.credits();
    const overviewBefore = await s.overview();
    const address = `made-up-${randomBase62(6).toLowerCase()}@example.com`;

    // Draft (paused) automations can be test-run.
    const started = await s.start(automation.id, { email: address, name: "Mia", properties: { plan: "pro" } });
    expect(started.status).toBe(201);
    const run = started.json as Run;
    expect(run).toMatchObject({ status: "running", contact: { contactId: null, email: address, name: "Mia", note: null } });
    expect(run.steps.map((step) => step.status)).toEqual(["pending", "pending", "pending"]);
    expect(run.emails).toEqual([]);

    const { run: done, seen } = await playOut(s, automation.id, run.id);
    // The first step at once, each later one a compressed delay after the one before (the
    // steps' own delays are a day and three days). A pass is a round of due jobs, then the clock
    // TEST_RUN_STEP_DELAY_MS and a bit ahead; on a loaded machine a pass can outlast the
    // compressed delay in real time and send two steps, so the spacing is read from the emails.
    expect(seen[0][0]).toBe("sent");
    expect(seen.at(-1)).toEqual(["sent", "sent", "sent"]);
    const sentAt = (await getDb().email.findMany({ where: { enrollmentId: run.id }, orderBy: { createdAt: "asc" } })).map((e) =>
      e.createdAt.getTime(),
    );
    expect(sentAt).toHaveLength(3);
    for (let i = 1; i < 3; i++) expect(sentAt[i] - sentAt[i - 1]).toBeGreaterThanOrEqual(TEST_RUN_STEP_DELAY_MS);
    expect(done.status).toBe("completed");
    expect(done.emails.map((e) => [e.position, e.subject])).toEqual([
      [0, "Welcome Mia"],
      [1, "Day one, Mia"],
      [2, "Day four: pro wrap-up"],
    ]);
    // As a real run sends it: in the account's default layout (its header made from the account's name at sign-up).
    expect(done.emails[0].html).toContain(`<p>Hi Mia (${address}) on pro from Acme via Trial</p>`);
    expect(done.emails[0].html).toContain(">Test</td>");
    expect(done.emails.every((e) => e.to.length === 1 && e.to[0] === address)).toBe(true);
    expect(done.steps.map((step) => step.emailId)).toEqual(done.emails.map((e) => e.id));
    // The unsubscribe link names nobody: clicking it in the dev inbox unsubscribes no one.
    expect(done.emails[1].html).toContain("/u/test-run");

    // Exactly these three emails exist for the automation, each delivered into the dev inbox.
    const rows = await getDb().email.findMany({ where: { automationId: automation.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => row.id)).toEqual(done.emails.map((e) => e.id));
    expect(rows.every((row) => row.isTest && row.status === "delivered")).toBe(true);
    const inbox = (await call(inboxRoute, { path: "/?limit=100", key: s.key })).json.data as {
      id: string;
      emailId: string;
      subject: string;
    }[];
    const runInbox = inbox.filter((message) => rows.some((row) => row.id === message.emailId));
    expect(runInbox.map((message) => message.subject).sort()).toEqual(["Day four: pro wrap-up", "Day one, Mia", "Welcome Mia"]);
    expect(done.emails.map((e) => e.inboxMessageId)).toEqual(
      done.emails.map((e) => runInbox.find((message) => message.emailId === e.id)!.id),
    );

    // Nothing real moved: credits, analytics, webhooks, the emails log, enrollments.
    expect(await s.credits()).toEqual(creditsBefore);
    expect(overviewBefore).toMatchObject({ sent: 1, delivered: 1 });
    expect(await s.overview()).toEqual(overviewBefore);
    expect(await getDb().webhookMessage.count({ where: { webhookId: webhook.json.id } })).toBe(messagesBefore);
    const messages = await getDb().webhookMessage.findMany({ where: { webhookId: webhook.json.id } });
    expect(messages.every((m) => (m.payload as { data: { email_id: string } }).data.email_id === real.json.id)).toBe(true);
    const deliveries = await call(deliveriesRoute, { path: "/", key: s.key, params: { id: webhook.json.id } });
    expect(deliveries.status).toBe(200);
    expect(deliveries.json.data.every((d: { eventId: string }) => messages.some((m) => m.eventId === d.eventId))).toBe(true);
    expect((await call(listEmailsRoute, { path: "/", key: s.key })).json.data.map((e: { id: string }) => e.id)).toEqual([real.json.id]);
    expect(await s.stats(automation.id)).toEqual({ active: 0, completed: 0, cancelled: 0, failed: 0 });
    expect((await s.enrollments(automation.id)).pagination.total).toBe(0);
    expect(await getDb().contact.count({ where: { accountId: s.accountId } })).toBe(0);

    // Listed with the automation's other test runs, without the HTML.
    const list = await call(listRunsRoute, { path: "/", key: s.key, params: { id: automation.id } });
    expect(list.status).toBe(200);
    expect(list.json.pagination.total).toBe(1);
    expect(list.json.data[0]).toMatchObject({ id: run.id, status: "completed" });
    expect(list.json.data[0].emails[0].html).toBeUndefined();
  });

  it("runs for a chosen real contact without touching it, which can still be enrolled for real afterwards, with 0 credits", async () => {
    const s = await setup({ credits: 0 });
    const automation = await s.automation();
    const contact = (
      await call(createContactRoute, {
        method: "POST",
        path: "/",
        key: s.key,
        body: { email: `ann-${randomBase62(6).toLowerCase()}@example.com`, name: "Ann", properties: { plan: "team", seats: 4 } },
      })
    ).json as { id: string; email: string; updatedAt: string };
    const contactBefore = (await call(getContactRoute, { path: "/", key: s.key, params: { id: contact.id } })).json;
    const eventsBefore = await getDb().emailEvent.count({ where: { accountId: s.accountId } });
    const creditsBefore = await s.credits();

    // Real mail would go to a smarthost (here one that refuses connections): test mail does not.
    process.env.MAIL_TRANSPORT = "smtp";
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetEnvCache();
    const started = await s.start(automation.id, { contactId: contact.id });
    expect(started.status).toBe(201);
    expect(started.json.contact).toMatchObject({ contactId: contact.id, email: contact.email, name: "Ann" });
    const { run } = await playOut(s, automation.id, started.json.id);
    expect(run.status).toBe("completed");
    expect(run.emails.map((e) => e.subject)).toEqual(["Welcome Ann", "Day one, Ann", "Day four: team wrap-up"]);
    expect(run.emails[0].html).toContain(`Hi Ann (${contact.email}) on team from Acme via Trial`);
    expect(run.emails.every((e) => e.inboxMessageId !== null)).toBe(true);
    expect(await getDb().email.count({ where: { enrollmentId: run.id, status: "delivered" } })).toBe(3);
    expect(await s.credits()).toEqual(creditsBefore);
    expect((await getDb().account.findUniqueOrThrow({ where: { id: s.accountId } })).creditBalance).toBe(0);
    expect(await getDb().creditTransaction.count({ where: { accountId: s.accountId, type: "debit" } })).toBe(0);

    // The contact is as it was: no enrollment, same record.
    expect(await getDb().enrollment.count({ where: { contactId: contact.id } })).toBe(0);
    expect((await call(getContactRoute, { path: "/", key: s.key, params: { id: contact.id } })).json).toEqual(contactBefore);
    expect((await s.enrollments(automation.id)).pagination.total).toBe(0);
    // Its only new events are the test emails' own (sent and delivered per email; queued is derived, not stored).
    const newEvents = await getDb().emailEvent.findMany({
      where: { accountId: s.accountId },
      include: { emailRecord: { select: { isTest: true } } },
    });
    expect(newEvents.length - eventsBefore).toBe(6);
    expect(newEvents.every((event) => event.emailRecord.isTest)).toBe(true);

    // A real enrollment of the same contact still happens (the unique per contact is free).
    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 10 } });
    const listId = (await call(createListRoute, { method: "POST", path: "/", key: s.key, body: { name: "Trial" } })).json.id as string;
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id: automation.id } })).status).toBe(200);
    const joined = await call(addMemberRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { contactId: contact.id },
      params: { id: listId },
    });
    expect(joined.status).toBeLessThan(300);
    const enrollments = await s.enrollments(automation.id);
    expect(enrollments.pagination.total).toBe(1);
    expect(enrollments.data[0].contact.id).toBe(contact.id);
    expect(await s.stats(automation.id)).toMatchObject({ active: 1 });
    // A second test run while the real enrollment exists: both coexist.
    expect((await s.start(automation.id, { contactId: contact.id })).status).toBe(201);
    expect((await call(listRunsRoute, { path: "/", key: s.key, params: { id: automation.id } })).json.pagination.total).toBe(2);
  });

  it("shows an unsubscribed contact's emails anyway, noting that a real enrollment would stop", async () => {
    const s = await setup();
    const automation = await s.automation();
    const contact = (
      await call(createContactRoute, {
        method: "POST",
        path: "/",
        key: s.key,
        body: { email: `gone-${randomBase62(6).toLowerCase()}@example.com`, subscribed: false },
      })
    ).json as { id: string };
    const started = await s.start(automation.id, { contactId: contact.id });
    expect(started.status).toBe(201);
    expect(started.json.contact.note).toMatch(/unsubscribed: a real enrollment would stop/);
    const { run } = await playOut(s, automation.id, started.json.id);
    expect(run.status).toBe("completed");
    expect(run.emails.map((e) => e.subject)).toEqual(["Welcome there", "Day one, there", "Day four:  wrap-up"]);
  });

  it("adds nothing to the suppression list when a test run's address bounces or complains", async () => {
    const s = await setup();
    const automation = await s.automation();
    for (const email of ["bounced@simulator.test", "complained@simulator.test"]) {
      const started = await s.start(automation.id, { email });
      expect(started.status).toBe(201);
      const { run } = await playOut(s, automation.id, started.json.id);
      // Every step still reaches the dev inbox; the receiver's answer is the simulator's.
      expect(run.emails).toHaveLength(3);
    }
    expect(await getDb().suppression.count({ where: { accountId: s.accountId } })).toBe(0);
  });

  it("answers 4xx for bad bodies, unknown records, and automations that could not send", async () => {
    const s = await setup();
    const automation = await s.automation();
    const bad = [
      {},
      { email: "not-an-address" },
      { contactId: "con_x", email: "a@example.com" },
      { email: "a@example.com", properties: { plan: { nested: true } } },
      { email: "a@example.com", extra: 1 },
    ];
    for (const body of bad) {
      const res = await s.start(automation.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
    }
    expect((await s.start(automation.id, { contactId: "con_missing" })).json.error).toMatchObject({
      code: "not_found",
      message: "contact not found",
    });
    expect((await s.start("aut_missing", { email: "a@example.com" })).status).toBe(404);
    const run = (await s.start(automation.id, { email: "a@example.com" })).json as Run;
    expect(
      (await call(getRunRoute, { path: "/", key: s.key, params: { id: automation.id, runId: "enr_missing" } })).json.error.message,
    ).toBe("test run not found");

    // Another account sees none of it.
    const other = await makeAccount();
    expect((await call(getRunRoute, { path: "/", key: other.key, params: { id: automation.id, runId: run.id } })).status).toBe(404);
    expect(
      (
        await call(startRunRoute, {
          method: "POST",
          path: "/",
          key: other.key,
          body: { email: "a@example.com" },
          params: { id: automation.id },
        })
      ).status,
    ).toBe(404);
    expect((await call(listRunsRoute, { path: "/", key: other.key, params: { id: automation.id } })).status).toBe(404);

    // No steps: 400 naming the problem.
    const empty = await s.automation();
    for (const step of empty.steps) {
      await getDb().automationStep.delete({ where: { id: step.id } });
    }
    const noSteps = await s.start(empty.id, { email: "a@example.com" });
    expect(noSteps.status).toBe(400);
    expect(noSteps.json.error.details).toContainEqual({ path: "steps", message: "add at least one step before a test run" });
    // No verified sender: the sandbox sender stands in, to any address (the emails land only in
    // the dev inbox), so an automation can be tried before its domain is verified.
    const unverified = await s.automation({ from: "x@unverified-domain.example" });
    const sandboxed = await s.start(unverified.id, { email: "a@example.com" });
    expect(sandboxed.status).toBe(201);
    const played = await playOut(s, unverified.id, sandboxed.json.id);
    expect(played.run.status).toBe("completed");
    const sent = await getDb().email.findMany({ where: { enrollmentId: sandboxed.json.id }, select: { from: true, to: true } });
    expect(sent).toHaveLength(3);
    for (const email of sent) expect(email).toEqual({ from: "onboarding@sandbox.mailwright.test", to: ["a@example.com"] });
    // A send:email key cannot start one.
    const sendOnly = await makeAccount({ scopes: ["send:email"] });
    expect(
      (
        await call(startRunRoute, {
          method: "POST",
          path: "/",
          key: sendOnly.key,
          body: { email: "a@example.com" },
          params: { id: automation.id },
        })
      ).status,
    ).toBe(403);
  });
});
