import { describe, expect, it } from "vitest";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { DELETE as deleteTemplateRoute, PUT as updateTemplateRoute } from "@/app/api/v1/templates/[id]/route";
import { POST as testTemplateRoute } from "@/app/api/v1/templates/[id]/test/route";
import { POST as previewTemplateRoute } from "@/app/api/v1/templates/[id]/preview/route";
import { GET as listLayoutsRoute } from "@/app/api/v1/layouts/route";
import { PUT as putLayoutRoute } from "@/app/api/v1/layouts/[id]/route";
import { GET as getEmailRoute } from "@/app/api/v1/emails/[id]/route";
import { getDb } from "@/lib/db/client";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

// The template editor's "Send test": the email is what the preview beside it shows (the typed
// draft, its sample values, the account's default layout), and it names the template.

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  const { key } = account;
  const layouts = await call(listLayoutsRoute, { path: "/api/v1/layouts", key });
  const layout = await call(putLayoutRoute, {
    method: "PUT",
    path: "/",
    key,
    params: { id: layouts.json.data[0].id },
    body: { headerText: "Acme Weekly", footerText: "Sent by Acme", address: "42 Harbour Road", brandColor: "#0f766e", font: "georgia" },
  });
  expect(layout.status).toBe(200);
  const template = await call(createTemplateRoute, {
    method: "POST",
    path: "/",
    key,
    body: { name: "Welcome", subject: "Welcome {{name}}", htmlBody: "<p>Published for {{name}}</p>" },
  });
  expect(template.status).toBe(201);
  return { ...account, from: `Acme <news@${domain.domain}>`, templateId: template.json.id as string };
}

type Setup = Awaited<ReturnType<typeof setup>>;

const sendTest = (s: Setup, body: unknown, id = s.templateId) =>
  call(testTemplateRoute, { method: "POST", path: `/api/v1/templates/${id}/test`, key: s.key, params: { id }, body });

async function received(s: Setup, emailId: string) {
  await runDueFor(s.accountId, [emailSendJob]);
  return getDb().inboxMessage.findFirstOrThrow({ where: { emailId } });
}

describe("POST /templates/:id/test", () => {
  it("sends the typed draft with its variables in the default layout, as the preview renders it, naming the template", async () => {
    const s = await setup();
    const to = "ada@example.com";
    const res = await sendTest(s, {
      from: s.from,
      to,
      subject: "Draft for {{name}}",
      htmlBody: "<p>Draft for {{name}}</p>",
      variables: { name: "Ada <3" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toEqual({ id: expect.stringMatching(/^em_/), to });

    const message = await received(s, res.json.id);
    expect(message.subject).toBe("Draft for Ada <3");
    expect(message.html).toContain("<p>Draft for Ada &lt;3</p>");
    expect(message.html).toContain(">Acme Weekly</td>");
    expect(message.html).toContain("42 Harbour Road");
    expect(message.html!.indexOf("Acme Weekly")).toBeLessThan(message.html!.indexOf("<p>Draft for Ada"));

    const email = await call(getEmailRoute, { path: "/", key: s.key, params: { id: res.json.id } });
    expect(email.json).toMatchObject({ template_id: s.templateId, tags: [{ name: "source", value: "template_test" }] });
  });

  it("the preview route renders in the default layout with layout true, and alone without it, as the test send sends", async () => {
    const s = await setup();
    const preview = (body: unknown) =>
      call(previewTemplateRoute, { method: "POST", path: "/", key: s.key, params: { id: s.templateId }, body });
    const body = { htmlBody: "<p>Draft for {{name}}</p>", variables: { name: "Ada" } };
    const inLayout = await preview({ ...body, layout: true });
    expect(inLayout.status, JSON.stringify(inLayout.json)).toBe(200);
    expect(inLayout.json.html).toContain(">Acme Weekly</td>");
    expect(inLayout.json.html.indexOf("Acme Weekly")).toBeLessThan(inLayout.json.html.indexOf("<p>Draft for Ada</p>"));
    const alone = await preview(body);
    expect(alone.status).toBe(200);
    expect(alone.json.html).toContain("<p>Draft for Ada</p>");
    expect(alone.json.html).not.toContain("Acme Weekly");
    const sent = await sendTest(s, { ...body, from: s.from, to: "ada@example.com" });
    expect((await received(s, sent.json.id)).html).toContain(inLayout.json.html);
    const bad = await preview({ layout: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.map((d: { path: string }) => d.path)).toEqual(["layout"]);
  });

  it("with layout false sends the template alone; without content, the template's own", async () => {
    const s = await setup();
    const res = await sendTest(s, { from: s.from, to: "bob@example.com", variables: { name: "Bob" }, layout: false });
    expect(res.status).toBe(201);
    const message = await received(s, res.json.id);
    expect(message.subject).toBe("Welcome Bob");
    expect(message.html).toContain("<p>Published for Bob</p>");
    expect(message.html).not.toContain("Acme Weekly");
  });

  it("keeps its own content when the template changes before it goes, and does not hold up the template's deletion", async () => {
    const s = await setup();
    const res = await sendTest(s, { from: s.from, to: "cy@example.com", variables: { name: "Cy" } });
    expect(res.status).toBe(201);
    const edit = await call(updateTemplateRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: s.templateId },
      body: { htmlBody: "<p>Changed for {{name}}</p>" },
    });
    expect(edit.status).toBe(200);
    const message = await received(s, res.json.id);
    expect(message.html).toContain("<p>Published for Cy</p>");
    expect(message.html).not.toContain("Changed");

    // A queued test send needs no template to render: the template can go meanwhile.
    const queued = await sendTest(s, { from: s.from, to: "cy@example.com", variables: { name: "Cy" } });
    expect(queued.status).toBe(201);
    const gone = await call(deleteTemplateRoute, { method: "DELETE", path: "/", key: s.key, params: { id: s.templateId } });
    expect(gone.status).toBe(200);
    expect((await received(s, queued.json.id)).html).toContain("<p>Changed for Cy</p>");
  });

  it("refuses bad input with a 400 naming the field, and another account's template with a 404", async () => {
    const s = await setup();
    const other = await setup();
    const problems = [
      [{ from: s.from, to: "not an address" }, "to"],
      [{ from: s.from, to: "a@example.com", htmlBody: "<p>{{#open}}</p>" }, "htmlBody"],
      [{ from: s.from, to: "a@example.com", layout: "yes" }, "layout"],
      [{ from: s.from, to: "a@example.com", cc: "b@example.com" }, ""],
      [{ to: "a@example.com" }, "from"],
    ] as const;
    for (const [body, path] of problems) {
      const res = await sendTest(s, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
      if (path) expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const elsewhere = await sendTest(s, { from: s.from, to: "a@example.com" }, other.templateId);
    expect(elsewhere.status).toBe(404);
    const unverified = await sendTest(s, { from: "news@not-mine.example", to: "a@example.com" });
    expect(unverified.status).toBe(403);
    expect(unverified.json.error.code).toBe("domain_not_verified");
    expect(await getDb().email.count({ where: { accountId: s.accountId } })).toBe(0);
  });
});
