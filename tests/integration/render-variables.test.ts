import { describe, expect, it } from "vitest";
import { Parser } from "htmlparser2";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as batchRoute } from "@/app/api/v1/emails/batch/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { POST as previewRoute } from "@/app/api/v1/templates/[id]/preview/route";
import { POST as createAutomationRoute } from "@/app/api/v1/automations/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { POST as sendBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { GET as unsubscribePage, POST as unsubscribePost } from "@/app/u/[token]/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { advanceEnrollmentJob } from "@/lib/automations/enrollments/advance-enrollment-job";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { VARIABLES_MAX_BYTES, VARIABLES_MAX_KEYS } from "@/lib/templates/schemas";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// One renderer, one truth: what the preview shows is what the recipient gets, whether the
// variables come flat ({"user.first_name": "Ada"}) or nested ({"user": {"first_name": "Ada"}}).

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  await getDb().account.update({
    where: { id: account.accountId },
    data: { companyName: "Acme", rateLimitPerSecond: 1000, rateLimitBurst: 1000 },
  });
  const { key } = account;
  const from = `Acme <hello@${domain.domain}>`;
  return {
    ...account,
    from,
    send: (body: Record<string, unknown>) => call(sendRoute, { method: "POST", path: "/api/v1/emails", key, body: { from, ...body } }),
    batch: (body: unknown[]) => call(batchRoute, { method: "POST", path: "/api/v1/emails/batch", key, body }),
    async template(body: Record<string, unknown>) {
      const res = await call(createTemplateRoute, { method: "POST", path: "/api/v1/templates", key, body: { name: "T", ...body } });
      expect(res.status).toBe(201);
      return res.json.id as string;
    },
    preview: (id: string, body: Record<string, unknown>) =>
      call(previewRoute, { method: "POST", path: `/api/v1/templates/${id}/preview`, key, params: { id }, body }),
    async list() {
      const name = `List ${randomBase62(4)}`;
      const res = await call(createListRoute, { method: "POST", path: "/", key, body: { name } });
      return { id: res.json.id as string, name };
    },
    async join(listId: string, body: Record<string, unknown>) {
      const res = await call(addMemberRoute, { method: "POST", path: "/", key, body, params: { id: listId } });
      expect(res.status).toBeLessThan(300);
      return res.json.contact as { id: string; email: string };
    },
    /** Delivers what is due and returns the email's message as the dev inbox holds it. */
    async delivered(emailId: string) {
      await runDueFor(account.accountId, [emailSendJob, emailSendBatchJob]);
      return getDb().inboxMessage.findFirstOrThrow({ where: { emailId } });
    },
  };
}

/** Every <a href> in the HTML, as a browser reads it (character references decoded). */
function hrefs(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "a" && attributes.href !== undefined) found.push(attributes.href);
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

describe("{{user.first_name}}: preview, flat send and nested send agree", () => {
  it("previews and delivers 'Ada' from flat and nested variables alike", async () => {
    const s = await setup();
    const id = await s.template({ subject: "Hello {{user.first_name}}", htmlBody: "<p>Hi {{user.first_name}}, welcome.</p>" });

    const flat = { "user.first_name": "Ada" };
    const nested = { user: { first_name: "Ada" } };
    const previewFlat = await s.preview(id, { variables: flat });
    const previewNested = await s.preview(id, { variables: nested });
    expect(previewFlat.status).toBe(200);
    expect(previewFlat.json).toEqual({ subject: "Hello Ada", html: "<p>Hi Ada, welcome.</p>" });
    expect(previewNested.json).toEqual(previewFlat.json);

    for (const variables of [flat, nested]) {
      const to = address("reader");
      const sent = await s.send({ to, template_id: id, variables });
      expect(sent.status).toBe(201);
      const message = await s.delivered(sent.json.id);
      expect(message.subject).toBe(previewFlat.json.subject);
      expect(message.html).toContain(previewFlat.json.html);
      expect(message.text).toContain("Hi Ada, welcome.");
    }

    // The same through the Resend form (`template: {id, variables}`) and a batch.
    const viaTemplate = await s.send({ to: address("r"), template: { id, variables: nested } });
    expect(viaTemplate.status).toBe(201);
    expect((await s.delivered(viaTemplate.json.id)).html).toContain("<p>Hi Ada, welcome.</p>");
    const batch = await s.batch([
      { from: s.from, to: address("b1"), template_id: id, variables: flat },
      { from: s.from, to: address("b2"), template_id: id, variables: nested },
    ]);
    expect(batch.status).toBe(201);
    for (const { id: emailId } of batch.json.data as { id: string }[]) {
      expect((await s.delivered(emailId)).html).toContain("<p>Hi Ada, welcome.</p>");
    }
  });

  it("renders numbers, booleans and lists as the preview does, inline content too", async () => {
    const s = await setup();
    const htmlBody = "<p>{{order.total}} {{order.paid}} {{count}}</p><ul>{{#order.items}}<li>{{name}}</li>{{/order.items}}</ul>";
    const id = await s.template({ subject: "Order {{order.id}}", htmlBody });
    const variables = { order: { id: 7, total: 42.5, paid: true, items: [{ name: "Pen" }, { name: "Ink" }] }, count: 0 };
    const preview = await s.preview(id, { variables });
    expect(preview.json).toEqual({ subject: "Order 7", html: "<p>42.5 true 0</p><ul><li>Pen</li><li>Ink</li></ul>" });

    const sent = await s.send({ to: address("n"), template_id: id, variables });
    expect(sent.status).toBe(201);
    const message = await s.delivered(sent.json.id);
    expect(message.subject).toBe("Order 7");
    expect(message.html).toContain(preview.json.html);

    // Inline subject/html with variables render the same way, flat keys included.
    const inline = await s.send({
      to: address("i"),
      subject: "Total {{order.total}}",
      html: htmlBody,
      variables: { ...variables, "order.total": 10 },
    });
    expect(inline.status).toBe(201);
    const inlineMessage = await s.delivered(inline.json.id);
    expect(inlineMessage.subject).toBe("Total 10");
    expect(inlineMessage.html).toContain("<p>10 true 0</p>");
  });

  it("refuses variables past the bounds with a 400 naming the field path", async () => {
    const s = await setup();
    const id = await s.template({ subject: "Hi", htmlBody: "<p>{{a}}</p>" });
    const expectInvalid = async (
      res: { status: number; json: { error: { code: string; details?: { path: string }[] } } },
      path: string,
    ) => {
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      expect(res.json.error.details?.map((d) => d.path)).toContain(path);
    };

    const deep = { user: { address: { street: { x: { y: { z: "too deep" } } } } } };
    await expectInvalid(await s.send({ to: address("d"), template_id: id, variables: deep }), "variables.user.address.street.x.y");
    // Five levels are fine: a value at the sixth is a string, not a sixth object.
    const fine = await s.send({ to: address("f"), template_id: id, variables: { user: { address: { street: { x: { y: "ok" } } } } } });
    expect(fine.status).toBe(201);

    const manyKeys = Object.fromEntries(Array.from({ length: VARIABLES_MAX_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    await expectInvalid(await s.send({ to: address("k"), template_id: id, variables: manyKeys }), `variables.k${VARIABLES_MAX_KEYS}`);
    const big = { a: "x".repeat(VARIABLES_MAX_BYTES) };
    await expectInvalid(await s.send({ to: address("b"), template_id: id, variables: big }), "variables");
    await expectInvalid(await s.send({ to: address("a"), template_id: id, variables: ["Ada"] }), "variables");
    await expectInvalid(await s.send({ to: address("n"), template_id: id, variables: null }), "variables");
    await expectInvalid(
      await s.send({ to: address("t"), template: { id, variables: deep } }),
      "template.variables.user.address.street.x.y",
    );
    await expectInvalid(
      await s.batch([
        { from: s.from, to: address("b1"), template_id: id, variables: { a: 1 } },
        { from: s.from, to: address("b2"), template_id: id, variables: deep },
      ]),
      "1.variables.user.address.street.x.y",
    );
    await expectInvalid(await s.preview(id, { variables: deep }), "variables.user.address.street.x.y");
    // Still the rendering budget's own 400.
    const loop = await s.template({ subject: "Hi", htmlBody: "{{#a}}{{#a}}{{#a}}{{#a}}x{{/a}}{{/a}}{{/a}}{{/a}}" });
    const heavy = await s.send({ to: address("h"), template_id: loop, variables: { a: Array.from({ length: 100 }, () => 1) } });
    expect(heavy.status).toBe(400);
    expect(heavy.json.error.code).toBe("template_too_complex");
  });
});

describe("{{unsubscribe_url}} and {{{unsubscribe_url}}}", () => {
  const body = '<p>Hi {{name}}</p><a href="{{unsubscribe_url}}">Unsubscribe</a> <a href="{{{unsubscribe_url}}}">Leave</a>';

  /** Follows each rendered href as a reader would: the page asks, the form's POST unsubscribes. */
  async function follow(html: string, listUnsubscribe: string, contactId: string) {
    const url = /^<(.+)>$/.exec(listUnsubscribe)![1];
    const links = hrefs(html).filter((href) => href.includes("/u/"));
    expect(links).toEqual([url, url]);
    // Written as is, not as https:&#x2F;&#x2F;...
    expect(html).toContain(`href="${url}"`);
    for (const link of links) {
      const token = new URL(link).pathname.slice("/u/".length);
      const page = await unsubscribePage(new Request(link), { params: Promise.resolve({ token }) });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Stop sending these emails");
    }
    const token = new URL(links[0]).pathname.slice("/u/".length);
    const done = await unsubscribePost(new Request(links[0], { method: "POST" }), { params: Promise.resolve({ token }) });
    expect(done.status).toBe(200);
    expect((await getDb().contact.findUniqueOrThrow({ where: { id: contactId } })).subscribed).toBe(false);
  }

  it("both give a working link in an automation email", async () => {
    const s = await setup();
    const list = await s.list();
    const created = await call(createAutomationRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: {
        name: "Welcome",
        from: s.from,
        triggerType: "list_join",
        triggerConfig: { listName: list.name },
        steps: [{ delayMinutes: 0, subject: "Welcome {{name}}", bodyHtml: body }],
      },
    });
    expect(created.status).toBe(201);
    expect((await call(activateRoute, { method: "POST", path: "/", key: s.key, params: { id: created.json.id } })).status).toBe(200);
    const contact = await s.join(list.id, { email: address("ann"), name: "Ann" });
    await runDueFor(s.accountId, [advanceEnrollmentJob, emailSendJob]);
    const email = await getDb().email.findFirstOrThrow({ where: { automationId: created.json.id } });
    const message = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: email.id } });
    await follow(message.html!, (email.headers as Record<string, string>)["List-Unsubscribe"], contact.id);
  });

  it("both give a working link in a broadcast email", async () => {
    const s = await setup();
    const list = await s.list();
    const contact = await s.join(list.id, { email: address("bob"), name: "Bob" });
    const created = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "News", from: s.from, subject: "News for {{name}}", html: body, listId: list.id },
    });
    expect(created.status).toBe(201);
    expect((await call(sendBroadcastRoute, { method: "POST", path: "/", key: s.key, params: { id: created.json.id } })).status).toBe(202);
    await runDueFor(s.accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]);
    const email = await getDb().email.findFirstOrThrow({ where: { broadcastId: created.json.id } });
    const message = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: email.id } });
    await follow(message.html!, (email.headers as Record<string, string>)["List-Unsubscribe"], contact.id);
  });
});
