import { describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/v1/templates/route";
import { PUT as putRoute } from "@/app/api/v1/templates/[id]/route";
import { POST as previewRoute } from "@/app/api/v1/templates/[id]/preview/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { GET as getEmailRoute, DELETE as cancelRoute } from "@/app/api/v1/emails/[id]/route";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { deliverEmail } from "@/lib/emails/deliver-email";
import { MAX_RENDER_OUTPUT } from "@/lib/templates/render";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { advanceEnrollment } from "@/lib/automations/enrollments/advance-enrollment";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

// Rendering is bounded (section depth, steps, output size) and variables are
// bounded JSON; past the budget a request is a 400 template_too_complex and a send fails with
// its credits refunded.

const nested = (levels: number, name = "a") => `${`{{#${name}}}`.repeat(levels)}x${`{{/${name}}}`.repeat(levels)}`;

async function sender() {
  const account = await makeAccount();
  const { domain } = await makeVerifiedDomain(account.accountId);
  return { ...account, from: `Acme <hi@${domain}>` };
}

const balance = async (accountId: string) => (await getDb().account.findUniqueOrThrow({ where: { id: accountId } })).creditBalance;

const preview = (key: string, id: string, body: unknown) =>
  call(previewRoute, { method: "POST", path: `/api/v1/templates/${id}/preview`, key, params: { id }, body });

async function storeTemplate(accountId: string, htmlBody: string) {
  // As a template saved before the limits existed: straight into the table.
  return getDb().template.create({ data: { id: newId("tpl"), accountId, name: "old", subject: "s", htmlBody, variables: [] } });
}

describe("template rendering limits", () => {
  it("answers the exponential template from the issue with 400 template_too_complex", async () => {
    const { accountId, key } = await makeAccount();
    const ten = Array.from({ length: 10 }, () => 1);
    // Ten nested sections over a list of ten: 10^10 passes without a budget.
    const old = await storeTemplate(accountId, nested(10));
    const res = await preview(key, old.id, { variables: { a: ten } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("template_too_complex");

    // Within the nesting limit, but 100^4 passes: the step budget stops it.
    const wide = await storeTemplate(accountId, nested(4));
    const hundred = Array.from({ length: 100 }, () => 1);
    const heavy = await preview(key, wide.id, { variables: { a: hundred } });
    expect(heavy.status).toBe(400);
    expect(heavy.json.error.code).toBe("template_too_complex");
    expect(heavy.json.error.message).toMatch(/steps/);

    // The same template over a short list still renders.
    const small = await preview(key, wide.id, { variables: { a: [1, 2, 3] } });
    expect(small.status).toBe(200);
    expect(small.json.html).toBe("x".repeat(81));
  });

  it("refuses too-deep sections when a template is saved or previewed with edits", async () => {
    const { key } = await makeAccount();
    const created = await call(createRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key,
      body: { name: "deep", subject: "s", htmlBody: nested(10) },
    });
    expect(created.status).toBe(400);
    expect(created.json.error.code).toBe("template_too_complex");
    expect(created.json.error.details[0].path).toBe("htmlBody");

    const ok = await call(createRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key,
      body: { name: "ok", subject: "Hi {{name}}", htmlBody: nested(4) },
    });
    expect(ok.status).toBe(201);
    const edited = await preview(key, ok.json.id, { htmlBody: nested(5), variables: {} });
    expect(edited.status).toBe(400);
    expect(edited.json.error.code).toBe("template_too_complex");
    const put = await call(putRoute, { method: "PUT", path: "/", key, params: { id: ok.json.id }, body: { htmlBody: nested(6) } });
    expect(put.status).toBe(400);
    expect(put.json.error.code).toBe("template_too_complex");
  });

  it("refuses variables that nest too deep, hold long lists or are too large", async () => {
    const { accountId, key } = await makeAccount();
    const t = await storeTemplate(accountId, "Hi {{name}}");
    let deep: Record<string, unknown> = { v: 1 };
    for (let i = 0; i < 10; i++) deep = { d: deep };
    const tooDeep = await preview(key, t.id, { variables: deep });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json.error.code).toBe("validation_error");
    expect(tooDeep.json.error.message).toMatch(/levels deep/);

    const longList = await preview(key, t.id, { variables: { a: Array.from({ length: 5000 }, () => 0) } });
    expect(longList.status).toBe(400);
    expect(longList.json.error.message).toMatch(/at most 1000 items/);

    const large = await preview(key, t.id, { variables: { name: "x".repeat(70 * 1024) } });
    expect(large.status).toBe(400);
    expect(large.json.error.message).toMatch(/64 KB/);

    const s = await sender();
    const sendLarge = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: s.key,
      body: { from: s.from, to: "a@x.example", subject: "Hi", html: "{{a}}", variables: { a: "x".repeat(70 * 1024) } },
    });
    expect(sendLarge.status).toBe(400);
    expect(sendLarge.json.error.details[0].path).toBe("variables");

    const fine = await preview(key, t.id, { variables: { name: "Ada", list: [{ a: [1, 2] }] } });
    expect(fine.status).toBe(200);
    expect(fine.json.html).toBe("Hi Ada");
  });

  it("refuses at accept an email whose rendering would pass the output limit", async () => {
    const s = await sender();
    const before = await balance(s.accountId);
    // 40 KB of variable, shown 60 times: 2.4 MB of HTML.
    const res = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: s.key,
      body: { from: s.from, to: "a@x.example", subject: "Hi", html: "{{x}}".repeat(60), variables: { x: "y".repeat(40_000) } },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("template_too_complex");
    expect(await balance(s.accountId)).toBe(before);
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(0);
  });

  it("fails at send, with an email.failed event and the credits back, a template edited past the limit", async () => {
    const s = await sender();
    const created = await call(createRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key: s.key,
      body: { name: "t", subject: "Hi", htmlBody: "<p>{{x}}</p>" },
    });
    const before = await balance(s.accountId);
    const sent = await call(sendRoute, {
      method: "POST",
      path: "/api/v1/emails",
      key: s.key,
      body: { from: s.from, to: ["a@x.example", "b@x.example"], template_id: created.json.id, variables: { x: "y".repeat(40_000) } },
    });
    expect(sent.status).toBe(201);
    expect(await balance(s.accountId)).toBe(before - 2);

    // Edited after accept: each copy of 40 KB now makes more than the output limit.
    const copies = Math.ceil(MAX_RENDER_OUTPUT / 40_000) + 1;
    const put = await call(putRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: created.json.id },
      body: { htmlBody: "{{x}}".repeat(copies) },
    });
    expect(put.status).toBe(200);

    await deliverEmail(sent.json.id);
    const email = await call(getEmailRoute, { path: "/", key: s.key, params: { id: sent.json.id } });
    expect(email.json.status).toBe("failed");
    expect(email.json.recipients.map((r: { status: string }) => r.status)).toEqual(["failed", "failed"]);
    const failed = email.json.events.filter((e: { type: string }) => e.type === "email.failed");
    expect(failed).toHaveLength(2);
    expect(failed[0].data.reason).toBe("template_too_complex");
    expect(await balance(s.accountId)).toBe(before);
    expect(await getDb().inboxMessage.count({ where: { emailId: sent.json.id } })).toBe(0);

    // A second run (a retried job) neither sends nor refunds again.
    await deliverEmail(sent.json.id);
    expect(await balance(s.accountId)).toBe(before);
  });
});

describe("an automation step past the rendering budget", () => {
  it("fails the enrollment for good, sends nothing and takes no credits", async () => {
    const s = await sender();
    const list = (await call(createListRoute, { method: "POST", path: "/", key: s.key, body: { name: "L" } })).json.id;
    // A 2,000-character property shown 1,100 times: 2.2 MB.
    const automation = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "A",
        from: s.from,
        triggerType: "list_join",
        triggerConfig: { listName: "L" },
        steps: [{ delayMinutes: 0, subject: "Hi", bodyHtml: "{{note}}".repeat(1100) }],
      },
    });
    expect(automation.status).toBe(201);
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id: automation.json.id } })).status).toBe(200);
    await call(addMemberRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      params: { id: list },
      body: { email: "n@x.example", properties: { note: "n".repeat(2000) } },
    });
    const enrollment = await getDb().enrollment.findFirstOrThrow({ where: { automationId: automation.json.id } });
    const before = await balance(s.accountId);

    await expect(advanceEnrollment({ enrollmentId: enrollment.id }, { attempt: 1, maxAttempts: 6 })).rejects.toBeInstanceOf(
      PermanentJobError,
    );
    const after = await getDb().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } });
    expect(after.status).toBe("failed");
    expect(after.lastError).toMatch(/template too complex/);
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(0);
    expect(await balance(s.accountId)).toBe(before);
  });
});

describe("cancelling a scheduled email of a batch", () => {
  it("refunds that email's credits", async () => {
    const s = await sender();
    const at = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const before = await balance(s.accountId);
    const batch = await call(batchRoute, {
      method: "POST",
      path: "/api/v1/emails/batch",
      key: s.key,
      body: [
        { from: s.from, to: ["a@x.example", "b@x.example", "c@x.example"], subject: "one", text: "x", scheduled_at: at },
        { from: s.from, to: ["d@x.example"], cc: ["e@x.example"], subject: "two", text: "x", scheduled_at: at },
      ],
    });
    expect(batch.status).toBe(201);
    expect(await balance(s.accountId)).toBe(before - 5);
    const [first, second] = batch.json.data.map((d: { id: string }) => d.id);

    const cancelled = await call(cancelRoute, { method: "DELETE", path: "/", key: s.key, params: { id: first } });
    expect(cancelled.status).toBe(200);
    expect(await balance(s.accountId)).toBe(before - 2);
    const again = await call(cancelRoute, { method: "DELETE", path: "/", key: s.key, params: { id: first } });
    expect(again.status).toBe(409);
    expect(await balance(s.accountId)).toBe(before - 2);

    await call(cancelRoute, { method: "DELETE", path: "/", key: s.key, params: { id: second } });
    expect(await balance(s.accountId)).toBe(before);
    const refunds = await getDb().creditTransaction.findMany({
      where: { accountId: s.accountId, type: "refund" },
      orderBy: { createdAt: "asc" },
    });
    expect(refunds.map((r) => [r.emailId, r.amount])).toEqual([
      [first, 3],
      [second, 2],
    ]);
  });
});
