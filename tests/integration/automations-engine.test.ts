import { describe, expect, it } from "vitest";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { GET as getAutomationRoute } from "@/app/api/v1/automations/[id]/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as pauseRoute } from "@/app/api/v1/automations/[id]/pause/route";
import { PATCH as patchStepRoute } from "@/app/api/v1/automations/[id]/steps/[stepId]/route";
import { GET as enrollmentsRoute } from "@/app/api/v1/automations/[id]/enrollments/route";
import { POST as retryEnrollmentRoute } from "@/app/api/v1/automations/[id]/enrollments/[enrollmentId]/retry/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { PATCH as patchContactRoute } from "@/app/api/v1/contacts/[id]/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { DELETE as removeMemberRoute } from "@/app/api/v1/lists/[id]/contacts/[contactId]/route";
import { getDb } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/db/ids";
import { setClock } from "@/lib/clock/clock";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { advanceEnrollment } from "@/lib/automations/enrollments/advance-enrollment";
import { advanceEnrollments } from "@/lib/automations/enrollments/advance-enrollments";
import { advanceDedupeKey } from "@/lib/automations/enrollments/enroll-contact";
import { verifyUnsubscribeToken } from "@/lib/automations/unsubscribe-token";
import { GET as unsubscribePage, POST as unsubscribePost } from "@/app/u/[token]/route";
import { call, makeAccount } from "../helpers/api";
import { withEnv } from "../helpers/with-env";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueJobs, withEngineTestClock } from "../helpers/automation-engine";

withEngineTestClock();

const DAY = 1440;

/** Runs advance and delivery jobs, several at once as the worker does, until nothing more is due. */
const runDue = () => runDueJobs([advanceEnrollmentJob, emailSendJob], { limit: 8, rounds: 50 });

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({
    where: { id: account.accountId },
    data: { companyName: "Acme", rateLimitPerSecond: 1000, rateLimitBurst: 1000 },
  });
  const key = account.key;
  const from = `Acme <hello@${domain.domain}>`;
  return {
    ...account,
    from,
    async automation(body: Record<string, unknown>, options: { activate?: boolean } = {}) {
      const res = await call(createAutomationRoute, { method: "POST", path: "/", key, body: { name: "A", from, ...body } });
      expect(res.status).toBe(201);
      if (options.activate ?? true)
        expect((await call(activateRoute, { method: "POST", path: "/", key, params: { id: res.json.id } })).status).toBe(200);
      return res.json as { id: string; steps: { id: string }[] };
    },
    async list(name: string) {
      return (await call(createListRoute, { method: "POST", path: "/", key, body: { name } })).json.id as string;
    },
    async join(listId: string, body: Record<string, unknown>) {
      const res = await call(addMemberRoute, { method: "POST", path: "/", key, body, params: { id: listId } });
      expect(res.status).toBeLessThan(300);
      return res.json.contact as { id: string; email: string };
    },
    async contact(body: Record<string, unknown>) {
      const res = await call(createContactRoute, { method: "POST", path: "/", key, body });
      expect(res.status).toBe(201);
      return res.json as { id: string; email: string };
    },
    async patchContact(id: string, body: Record<string, unknown>) {
      const res = await call(patchContactRoute, { method: "PATCH", path: "/", key, body, params: { id } });
      expect(res.status).toBe(200);
      return res.json;
    },
    pause: (id: string) => call(pauseRoute, { method: "POST", path: "/", key, params: { id } }),
    enrollments: async (id: string, status?: string) =>
      (await call(enrollmentsRoute, { path: `/?${status ? `status=${status}` : ""}`, key, params: { id } })).json,
    get: async (id: string) => (await call(getAutomationRoute, { path: "/", key, params: { id } })).json,
  };
}

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

const emailsOf = (automationId: string, contactEmail?: string) =>
  getDb().email.findMany({
    where: { automationId, ...(contactEmail ? { to: { has: contactEmail } } : {}) },
    orderBy: { createdAt: "asc" },
    include: { recipients: true },
  });

const step = (subject: string, delayMinutes = 0, bodyHtml = "<p>x</p>") => ({ delayMinutes, subject, bodyHtml });

describe("automations engine", () => {
  it("sends a list_join sequence on schedule with rendered variables, then completes", async () => {
    const s = await setup();
    const listId = await s.list("Trial");
    const automation = await s.automation({
      triggerType: "list_join",
      triggerConfig: { listName: "Trial" },
      steps: [
        {
          delayMinutes: 0,
          subject: "Hi {{name}} from {{company}}",
          bodyHtml:
            '<p>{{list_name}}|{{plan}}|{{contact.company}}|{{seats}}|{{contact.seats}}|{{email}}</p><a href="{{{unsubscribe_url}}}">unsubscribe</a>',
        },
        step("Day one for {{name}}", DAY),
        step("Day four", 3 * DAY),
      ],
    });
    const email = address("ann");
    const contact = await s.join(listId, { email, properties: { plan: "pro", company: "ContactCo", seats: 3 } });

    await runDue();
    let emails = await emailsOf(automation.id);
    expect(emails).toHaveLength(1);
    const first = emails[0];
    expect(first.subject).toBe("Hi there from Acme");
    expect(first.html).toContain(`Trial|pro|ContactCo||3|${email}`);
    expect(first.tags).toEqual([{ name: "automation_id", value: automation.id }]);
    expect(first.to).toEqual([email]);
    expect(first.status).toBe("delivered");
    const headers = first.headers as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = /^<(.+)>$/.exec(headers["List-Unsubscribe"])![1];
    expect(first.html).toContain(`href="${url}"`);
    const token = url.slice(url.indexOf("/u/") + 3);
    expect(verifyUnsubscribeToken(token)).toMatchObject({ contactId: contact.id });
    expect(verifyUnsubscribeToken(token.slice(0, -2) + "xx")).toBeNull();
    const inbox = await getDb().inboxMessage.findFirst({ where: { emailId: first.id } });
    expect(inbox!.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    // A repeated trigger (leave and rejoin the list) is a no-op.
    await call(removeMemberRoute, { method: "DELETE", path: "/", key: s.key, params: { id: listId, contactId: contact.id } });
    await s.join(listId, { contactId: contact.id });
    const active = await s.enrollments(automation.id, "active");
    expect(active.pagination.total).toBe(1);
    expect(active.data[0]).toMatchObject({
      automationId: automation.id,
      contact: { id: contact.id, email, name: null },
      status: "active",
      nextPosition: 1,
      listName: "Trial",
      completedAt: null,
    });

    await setClock({ advanceMinutes: DAY });
    await runDue();
    emails = await emailsOf(automation.id);
    expect(emails.map((e) => e.subject)).toEqual(["Hi there from Acme", "Day one for there"]);

    await setClock({ advanceMinutes: 2 * DAY });
    await runDue();
    expect(await emailsOf(automation.id)).toHaveLength(2);

    await setClock({ advanceMinutes: DAY });
    await runDue();
    emails = await emailsOf(automation.id);
    expect(emails.map((e) => e.subject)).toEqual(["Hi there from Acme", "Day one for there", "Day four"]);
    const done = await s.enrollments(automation.id);
    expect(done.data[0]).toMatchObject({ status: "completed", nextStepAt: null });
    expect(done.data[0].completedAt).toMatch(/Z$/);
    expect((await s.get(automation.id)).stats).toEqual({ active: 0, completed: 1, cancelled: 0, failed: 0 });
  });

  it("sends a step that uses a template with the template's subject and body, rendered", async () => {
    const s = await setup();
    const listId = await s.list("Templated");
    const template = await call(createTemplateRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key: s.key,
      body: { name: "T", subject: "Hello {{name}} from {{company}}", htmlBody: "<p>Plan {{plan}}</p>" },
    });
    expect(template.status).toBe(201);
    const automation = await s.automation({
      triggerType: "list_join",
      triggerConfig: { listName: "Templated" },
      steps: [{ delayMinutes: 0, templateId: template.json.id }, step("Inline {{plan}}")],
    });
    const email = address("tina");
    await s.join(listId, { email, name: "Tina", properties: { plan: "pro" } });
    await runDue();
    await setClock({ advanceMinutes: 1 });
    await runDue();
    const emails = await emailsOf(automation.id);
    expect(emails.map((e) => e.subject).sort()).toEqual(["Hello Tina from Acme", "Inline pro"]);
    expect(emails.find((e) => e.subject === "Hello Tina from Acme")!.html).toContain("<p>Plan pro</p>");
  });

  it("does not enroll unsubscribed or suppressed contacts, and cancels those who leave mid-way", async () => {
    const s = await setup();
    const listId = await s.list("News");
    const automation = await s.automation({
      triggerType: "list_join",
      triggerConfig: { listName: "News" },
      steps: [step("One"), step("Two", DAY)],
    });
    const unsubscribed = await s.contact({ email: address("unsub"), subscribed: false });
    await s.join(listId, { contactId: unsubscribed.id });
    const suppressedEmail = address("supp");
    await getDb().suppression.create({ data: { id: newId("sup"), accountId: s.accountId, email: suppressedEmail, reason: "complaint" } });
    await s.join(listId, { email: suppressedEmail });
    expect((await s.enrollments(automation.id)).pagination.total).toBe(0);

    const leaver = await s.join(listId, { email: address("leaver") });
    const blocked = await s.join(listId, { email: address("blocked") });
    await runDue();
    expect(await emailsOf(automation.id)).toHaveLength(2);

    await s.patchContact(leaver.id, { subscribed: false });
    await getDb().suppression.create({ data: { id: newId("sup"), accountId: s.accountId, email: blocked.email, reason: "hard_bounce" } });
    await setClock({ advanceMinutes: DAY });
    await runDue();
    expect(await emailsOf(automation.id)).toHaveLength(2);
    const list = (await s.enrollments(automation.id)).data as { contact: { id: string }; status: string; lastError: string }[];
    const byContact = Object.fromEntries(list.map((e) => [e.contact.id, e]));
    expect(byContact[leaver.id]).toMatchObject({ status: "cancelled", lastError: "contact unsubscribed" });
    expect(byContact[blocked.id].status).toBe("cancelled");
    expect(byContact[blocked.id].lastError).toContain("suppressed");
    expect((await s.get(automation.id)).stats).toEqual({ active: 0, completed: 0, cancelled: 2, failed: 0 });
  });

  it("fires property_equals on create with, or update to, the value and not otherwise", async () => {
    const s = await setup();
    const automation = await s.automation({
      triggerType: "property_equals",
      triggerConfig: { property: "plan", value: "pro" },
      steps: [step("Welcome to pro")],
    });
    const seats = await s.automation({
      triggerType: "property_equals",
      triggerConfig: { property: "seats", value: "5" },
      steps: [step("Five seats")],
    });
    const createdPro = await s.contact({ email: address("a"), properties: { plan: "pro" } });
    const createdFree = await s.contact({ email: address("b"), properties: { plan: "free" } });
    const updatedToPro = await s.contact({ email: address("c"), properties: { plan: "free" } });
    await s.patchContact(updatedToPro.id, { properties: { plan: "pro" } });
    await s.patchContact(createdFree.id, { properties: { other: "x" } });
    // A later edit of another property does not fire again (and could not enroll twice anyway).
    await s.patchContact(createdPro.id, { properties: { other: "y" } });
    const numeric = await s.contact({ email: address("d"), properties: { seats: 5 } });

    const enrolled = (await s.enrollments(automation.id)).data.map((e: { contact: { id: string } }) => e.contact.id).sort();
    expect(enrolled).toEqual([createdPro.id, updatedToPro.id].sort());
    expect((await s.enrollments(seats.id)).data.map((e: { contact: { id: string } }) => e.contact.id)).toEqual([numeric.id]);
    await runDue();
    expect((await emailsOf(automation.id)).map((e) => e.to[0]).sort()).toEqual([createdPro.email, updatedToPro.email].sort());
  });

  it("fires property_changed on the from/to transition, with omitted sides matching anything", async () => {
    const s = await setup();
    const both = await s.automation({
      triggerType: "property_changed",
      triggerConfig: { property: "status", from: "trial", to: "paid" },
      steps: [step("both")],
    });
    const toOnly = await s.automation({
      triggerType: "property_changed",
      triggerConfig: { property: "status", to: "paid" },
      steps: [step("to")],
    });
    const fromOnly = await s.automation({
      triggerType: "property_changed",
      triggerConfig: { property: "status", from: "trial" },
      steps: [step("from")],
    });

    const trialToPaid = await s.contact({ email: address("tp"), properties: { status: "trial" } });
    await s.patchContact(trialToPaid.id, { properties: { status: "paid" } });
    const leadToPaid = await s.contact({ email: address("lp"), properties: { status: "lead" } });
    await s.patchContact(leadToPaid.id, { properties: { status: "paid" } });
    const unsetToPaid = await s.contact({ email: address("up") });
    await s.patchContact(unsetToPaid.id, { properties: { status: "paid" } });
    const trialRemoved = await s.contact({ email: address("tr"), properties: { status: "trial" } });
    await s.patchContact(trialRemoved.id, { properties: { status: null } });
    const unchanged = await s.contact({ email: address("un"), properties: { status: "trial" } });
    await s.patchContact(unchanged.id, { properties: { status: "trial" }, name: "Same" });
    // Creation is not a change.
    await s.contact({ email: address("cr"), properties: { status: "paid" } });

    const ids = async (id: string) => ((await s.enrollments(id)).data as { contact: { id: string } }[]).map((e) => e.contact.id).sort();
    expect(await ids(both.id)).toEqual([trialToPaid.id]);
    expect(await ids(toOnly.id)).toEqual([trialToPaid.id, leadToPaid.id, unsetToPaid.id].sort());
    expect(await ids(fromOnly.id)).toEqual([trialToPaid.id, trialRemoved.id].sort());
  });

  it("enrolls nobody while paused, but existing enrollments keep going", async () => {
    const s = await setup();
    const listId = await s.list("Leads");
    const automation = await s.automation({
      triggerType: "list_join",
      triggerConfig: { listName: "Leads" },
      steps: [step("One"), step("Two", DAY)],
    });
    const early = await s.join(listId, { email: address("early") });
    await runDue();
    expect((await s.pause(automation.id)).json.status).toBe("paused");
    await s.join(listId, { email: address("late") });
    expect((await s.enrollments(automation.id)).data.map((e: { contact: { id: string } }) => e.contact.id)).toEqual([early.id]);

    await setClock({ advanceMinutes: DAY });
    await runDue();
    expect((await emailsOf(automation.id)).map((e) => [e.to[0], e.subject])).toEqual([
      [early.email, "One"],
      [early.email, "Two"],
    ]);
    expect((await s.enrollments(automation.id)).data[0].status).toBe("completed");
  });

  it("applies a step edited while paused to contacts that had not reached it", async () => {
    const s = await setup();
    const listId = await s.list("Edits");
    const automation = await s.automation({
      triggerType: "list_join",
      triggerConfig: { listName: "Edits" },
      steps: [step("One"), step("Old two", DAY)],
    });
    const contact = await s.join(listId, { email: address("edit"), name: "Eve" });
    await runDue();
    await s.pause(automation.id);
    const edited = await call(patchStepRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      body: { subject: "New two for {{name}}", delayMinutes: 2 * DAY },
      params: { id: automation.id, stepId: automation.steps[1].id },
    });
    expect(edited.status).toBe(200);

    // The longer delay applies: nothing after one day, the edited step after two.
    await setClock({ advanceMinutes: DAY });
    await runDue();
    expect(await emailsOf(automation.id)).toHaveLength(1);
    await setClock({ advanceMinutes: DAY });
    await runDue();
    expect((await emailsOf(automation.id, contact.email)).map((e) => e.subject)).toEqual(["One", "New two for Eve"]);
  });

  it("never sends a step twice and marks the enrollment failed after the last attempt", async () => {
    const s = await setup();
    const listId = await s.list("Once");
    const automation = await s.automation({
      triggerType: "list_join",
      triggerConfig: { listName: "Once" },
      steps: [step("One"), step("Two", DAY)],
    });
    const contact = await s.join(listId, { email: address("once") });
    await runDue();
    const enrollment = await getDb().enrollment.findFirstOrThrow({ where: { automationId: automation.id } });
    // Replaying step 0 (a retry after a crash between send and advance) only advances.
    await getDb().enrollment.update({ where: { id: enrollment.id }, data: { nextPosition: 0, nextStepAt: new Date(0) } });
    const replay = await advanceEnrollment({ enrollmentId: enrollment.id });
    expect(replay).toMatchObject({ status: "already_sent", position: 0 });
    expect(await emailsOf(automation.id, contact.email)).toHaveLength(1);

    // The sender's domain stops being verified while mail leaves the machine (a real transport;
    // in local mode it may still send): the step fails, for good on the last attempt, and the
    // automation stops, naming why.
    await getDb().domain.updateMany({ where: { accountId: s.accountId }, data: { status: "unverified" } });
    await getDb().enrollment.update({ where: { id: enrollment.id }, data: { nextStepAt: new Date(0) } });
    await withEnv({ MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://127.0.0.1:9" }, async () => {
      await expect(advanceEnrollment({ enrollmentId: enrollment.id }, { attempt: 1, maxAttempts: 6 })).rejects.toThrow();
      expect((await getDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } })).status).toBe("active");
      expect(await getDb().automation.findUniqueOrThrow({ where: { id: automation.id } })).toMatchObject({
        status: "paused",
        pausedReason: expect.stringContaining("not a verified domain"),
      });
      await expect(advanceEnrollment({ enrollmentId: enrollment.id }, { attempt: 6, maxAttempts: 6 })).rejects.toThrow(
        /not a verified domain/,
      );
    });
    const failed = await getDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } });
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toContain("not a verified domain");
    expect((await s.get(automation.id)).stats.failed).toBe(1);
  });

  it("waits for credits on a step that is out of them, showing it on the enrollment, and sends it once credits return", async () => {
    const s = await setup();
    const listId = await s.list("Broke");
    const automation = await s.automation({ triggerType: "list_join", triggerConfig: { listName: "Broke" }, steps: [step("Hello")] });
    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 0 } });
    const contact = await s.join(listId, { email: address("broke") });
    const enrollment = await getDb().enrollment.findFirstOrThrow({ where: { automationId: automation.id } });
    // Not a failed attempt: the step waits for credits, re-checked later.
    const result = await advanceEnrollment({ enrollmentId: enrollment.id }, { attempt: 1, maxAttempts: 6 });
    expect(result).toMatchObject({ status: "waiting_for_credits" });
    const listed = (await s.enrollments(automation.id)).data[0];
    expect(listed).toMatchObject({ status: "active", waitingFor: "credits", lastError: expect.stringContaining("insufficient credits") });
    expect(listed.waitingSince).toBeTruthy();
    const recheck = await getDb().job.findMany({
      where: { name: advanceEnrollmentJob.id, status: "pending", runAt: new Date(listed.nextStepAt) },
    });
    expect(recheck.filter((j) => (j.payload as { enrollmentId: string }).enrollmentId === enrollment.id)).toHaveLength(1);

    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 10 } });
    await setClock({ advanceMinutes: 2 });
    await runDue();
    expect(await emailsOf(automation.id, contact.email)).toHaveLength(1);
    const done = await getDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } });
    expect(done).toMatchObject({ status: "completed", lastError: null, waitingForCreditsSince: null });
  });

  it("advances a batch of claimed enrollments in which one account is out of credits without holding back the others", async () => {
    const rich = await setup();
    const broke = await setup();
    const richList = await rich.list("Batch");
    const brokeList = await broke.list("Batch");
    const body = { triggerType: "list_join", triggerConfig: { listName: "Batch" }, steps: [step("Hi {{name}}"), step("Later", DAY)] };
    const richAutomation = await rich.automation(body);
    const brokeAutomation = await broke.automation(body);
    // Enough for one of its three steps: its accept of all three fails, then each goes alone.
    await getDb().account.update({ where: { id: broke.accountId }, data: { creditBalance: 1 } });
    for (let i = 0; i < 3; i++) await rich.join(richList, { email: address(`rich${i}`), name: `Rich ${i}` });
    for (let i = 0; i < 3; i++) await broke.join(brokeList, { email: address(`broke${i}`) });
    const enrollments = await getDb().enrollment.findMany({
      where: { automationId: { in: [richAutomation.id, brokeAutomation.id] } },
      orderBy: { id: "asc" },
    });
    expect(enrollments).toHaveLength(6);

    // One batch, as the poller claims it, the broke account's enrollments in between.
    const ctx = { attempt: 1, maxAttempts: 6 };
    const results = await advanceEnrollments(enrollments.map((e) => ({ enrollmentId: e.id, ctx })));
    expect(results).toEqual(enrollments.map(() => undefined));

    const richEmails = await emailsOf(richAutomation.id);
    expect(richEmails).toHaveLength(3);
    expect(richEmails.map((e) => e.subject).sort()).toEqual(["Hi Rich 0", "Hi Rich 1", "Hi Rich 2"]);
    const richAfter = await getDb().enrollment.findMany({ where: { automationId: richAutomation.id } });
    expect(richAfter.every((e) => e.status === "active" && e.nextPosition === 1 && e.lastError === null)).toBe(true);
    // Each moved on with its next step's job, due a day later.
    const next = await getDb().job.findMany({
      where: {
        name: advanceEnrollmentJob.id,
        status: "pending",
        dedupeKey: { in: richAfter.map((e) => advanceDedupeKey(e.id, 1, e.nextStepAt!)) },
      },
    });
    expect(next).toHaveLength(3);

    expect(await emailsOf(brokeAutomation.id)).toHaveLength(1);
    const brokeAfter = await getDb().enrollment.findMany({ where: { automationId: brokeAutomation.id } });
    expect(brokeAfter.filter((e) => e.nextPosition === 1 && e.waitingForCreditsSince === null)).toHaveLength(1);
    const waiting = brokeAfter.filter((e) => e.waitingForCreditsSince !== null);
    expect(waiting).toHaveLength(2);
    expect(waiting.every((e) => e.status === "active" && e.nextPosition === 0 && /insufficient credits/.test(e.lastError ?? ""))).toBe(
      true,
    );
    expect((await getDb().account.findUniqueOrThrow({ where: { id: broke.accountId } })).creditBalance).toBe(0);
    // One debit for the rich account's three emails, in the batch's one accept.
    const debits = await getDb().creditTransaction.findMany({ where: { accountId: rich.accountId, type: "debit" } });
    expect(debits.map((d) => d.amount)).toEqual([3]);

    // Run again (a crash after the accept): each step has its email; none is sent twice.
    await getDb().enrollment.updateMany({
      where: { automationId: richAutomation.id },
      data: { nextPosition: 0, nextStepAt: new Date(Date.now() - 1000) },
    });
    expect(await advanceEnrollments(richAfter.map((e) => ({ enrollmentId: e.id, ctx })))).toEqual(richAfter.map(() => undefined));
    expect(await emailsOf(richAutomation.id)).toHaveLength(3);
    expect((await getDb().enrollment.findMany({ where: { automationId: richAutomation.id } })).every((e) => e.nextPosition === 1)).toBe(
      true,
    );
  });

  it("fails an enrollment that waited 72 hours for credits, and the API retries a failed one", async () => {
    const s = await setup();
    const listId = await s.list("Broke72");
    const automation = await s.automation({ triggerType: "list_join", triggerConfig: { listName: "Broke72" }, steps: [step("Hello")] });
    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 0 } });
    const contact = await s.join(listId, { email: address("broke72") });
    const enrollment = await getDb().enrollment.findFirstOrThrow({ where: { automationId: automation.id } });
    const retry = (key: string, enrollmentId = enrollment.id) =>
      call(retryEnrollmentRoute, { method: "POST", path: "/", key, params: { id: automation.id, enrollmentId } });
    expect((await retry(s.key)).status).toBe(409);
    await runDue();
    // As if it had waited since 73 hours ago (the clock is shared: it only moves a little).
    const since = new Date(Date.parse((await s.enrollments(automation.id)).data[0].waitingSince) - 73 * 3600_000);
    await getDb().enrollment.update({ where: { id: enrollment.id }, data: { waitingForCreditsSince: since } });
    await setClock({ advanceMinutes: 2 });
    await runDue();
    const failed = (await s.enrollments(automation.id)).data[0];
    expect(failed).toMatchObject({ status: "failed", waitingFor: null, lastError: expect.stringMatching(/^out of credits for 72 hours/) });
    expect(await emailsOf(automation.id, contact.email)).toHaveLength(0);

    // Another account cannot see it; a wrong enrollment id is a 404.
    const other = await makeAccount();
    expect((await retry(other.key)).status).toBe(404);
    expect((await retry(s.key, newId("enr"))).status).toBe(404);

    await getDb().account.update({ where: { id: s.accountId }, data: { creditBalance: 10 } });
    const retried = await retry(s.key);
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ id: enrollment.id, status: "active", lastError: null, nextPosition: 0 });
    await runDue();
    expect(await emailsOf(automation.id, contact.email)).toHaveLength(1);
    expect((await s.enrollments(automation.id)).data[0].status).toBe("completed");
    expect((await retry(s.key)).status).toBe(409);
  });

  it("unsubscribes in one click from the List-Unsubscribe link and cancels the enrollment", async () => {
    const s = await setup();
    const listId = await s.list("Digest");
    const automation = await s.automation({
      triggerType: "list_join",
      triggerConfig: { listName: "Digest" },
      steps: [step("One"), step("Two", DAY)],
    });
    const contact = await s.join(listId, { email: address("click") });
    await runDue();
    const [sent] = await emailsOf(automation.id);
    const url = /^<(.+)>$/.exec((sent.headers as Record<string, string>)["List-Unsubscribe"])![1];
    const token = url.slice(url.indexOf("/u/") + 3);
    const params = { params: Promise.resolve({ token }) };

    // GET only asks: mail scanners follow links.
    const confirm = await unsubscribePage(new Request(url), params);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('<form method="post">');
    expect((await getDb().contact.findUniqueOrThrow({ where: { id: contact.id } })).subscribed).toBe(true);

    const oneClick = await unsubscribePost(
      new Request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      params,
    );
    expect(oneClick.status).toBe(200);
    expect((await getDb().contact.findUniqueOrThrow({ where: { id: contact.id } })).subscribed).toBe(false);
    expect((await s.enrollments(automation.id)).data[0]).toMatchObject({ status: "cancelled" });
    await setClock({ advanceMinutes: DAY });
    await runDue();
    expect(await emailsOf(automation.id)).toHaveLength(1);

    const forged = await unsubscribePost(new Request(url, { method: "POST" }), { params: Promise.resolve({ token: `${token}x` }) });
    expect(forged.status).toBe(404);
  });
});
