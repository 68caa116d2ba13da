import { describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/v1/templates/route";
import { GET as getRoute, PUT as putRoute } from "@/app/api/v1/templates/[id]/route";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { getDb } from "@/lib/db/client";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { emailSendBatchJob } from "@/lib/emails/send-email-batch-job";
import { designSchema, type DesignInput } from "@/lib/templates/design";
import { renderTemplate } from "@/lib/templates/render";
import { renderDesignHtml } from "@/lib/templates/render-design-html";
import { starterDesign } from "@/lib/templates/starter-design";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { PATCH as patchBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/route";
import { POST as sendBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { sendBroadcastJob } from "@/lib/broadcasts/send-broadcast-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";

const path = "/api/v1/templates";

const withButton = (label: string): DesignInput => {
  const design = starterDesign();
  return { ...design, blocks: design.blocks.map((b) => (b.type === "button" ? { ...b, label } : b)) };
};

async function sender() {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const domain = await makeVerifiedDomain(account.accountId);
  return { ...account, from: `Acme <hello@${domain.domain}>` };
}

describe("templates made in the visual editor", () => {
  it("stores the design beside the HTML rendered from it, and a send uses that HTML", async () => {
    const s = await sender();
    const created = await call(createRoute, {
      method: "POST",
      path,
      key: s.key,
      body: { name: "Welcome", subject: "Welcome, {{name}}", design: withButton("Start now") },
    });
    expect(created.status).toBe(201);
    const expectedHtml = renderDesignHtml(designSchema.parse(withButton("Start now")));
    expect(created.json.htmlBody).toBe(expectedHtml);
    expect(created.json.design).toEqual(designSchema.parse(withButton("Start now")));
    expect(created.json.variables).toEqual(["name", "unsubscribe_url"]);
    const row = await getDb().template.findUniqueOrThrow({ where: { id: created.json.id } });
    expect(row.design).toEqual(created.json.design);
    // Read back as it was stored: the editor opens it again without loss.
    const got = await call(getRoute, { path: `${path}/${created.json.id}`, key: s.key, params: { id: created.json.id } });
    expect(got.json).toEqual(created.json);

    const sendWith = async (to: string, variables: Record<string, unknown>) => {
      const res = await call(sendRoute, {
        method: "POST",
        path: "/api/v1/emails",
        key: s.key,
        body: { from: s.from, to: [to], template_id: created.json.id, variables },
      });
      expect(res.status).toBe(201);
      await runDueFor(s.accountId, [emailSendJob]);
      return getDb().inboxMessage.findFirstOrThrow({ where: { emailId: res.json.id } });
    };
    const ada = await sendWith("ada@example.com", { name: "Ada" });
    const preview = renderTemplate({ subject: "Welcome, {{name}}", html: expectedHtml }, { name: "Ada" }).html;
    // The heading and greeting as the preview renders them (links are rewritten for click tracking).
    for (const fragment of [/<h1 style="[^"]*">Welcome aboard<\/h1>/, /Hi Ada,<\/p>/, />Start now<\/a>/]) {
      expect(preview).toMatch(fragment);
      expect(ada.html).toMatch(fragment);
    }
    expect(ada.subject).toBe("Welcome, Ada");
    expect(ada.text).toContain("Hi Ada,");
    // The fallback where the variable is empty.
    expect((await sendWith("bo@example.com", {})).html).toMatch(/Hi there,<\/p>/);

    // A new design: the next send uses its HTML.
    const updated = await call(putRoute, {
      method: "PUT",
      path: `${path}/${created.json.id}`,
      key: s.key,
      params: { id: created.json.id },
      body: { design: withButton("Open the app") },
    });
    expect(updated.status).toBe(200);
    expect(updated.json.htmlBody).toBe(renderDesignHtml(designSchema.parse(withButton("Open the app"))));
    expect((await sendWith("cy@example.com", { name: "Cy" })).html).toMatch(/>Open the app<\/a>/);
  });

  it("switches to code one way: design null keeps the HTML, an htmlBody drops the design", async () => {
    const { key } = await makeAccount();
    const created = await call(createRoute, { method: "POST", path, key, body: { name: "T", subject: "S", design: starterDesign() } });
    const id = created.json.id;
    const toCode = await call(putRoute, { method: "PUT", path: `${path}/${id}`, key, params: { id }, body: { design: null } });
    expect(toCode.status).toBe(200);
    expect(toCode.json.design).toBeNull();
    expect(toCode.json.htmlBody).toBe(created.json.htmlBody);

    const again = await call(putRoute, { method: "PUT", path: `${path}/${id}`, key, params: { id }, body: { design: starterDesign() } });
    expect(again.json.design).not.toBeNull();
    const written = await call(putRoute, {
      method: "PUT",
      path: `${path}/${id}`,
      key,
      params: { id },
      body: { htmlBody: "<p>By hand {{name}}</p>" },
    });
    expect(written.json).toMatchObject({ design: null, htmlBody: "<p>By hand {{name}}</p>", variables: ["name"] });
    // Renaming keeps the design.
    const designed = await call(putRoute, { method: "PUT", path: `${path}/${id}`, key, params: { id }, body: { design: starterDesign() } });
    const renamed = await call(putRoute, { method: "PUT", path: `${path}/${id}`, key, params: { id }, body: { name: "Renamed" } });
    expect(renamed.json.design).toEqual(designed.json.design);
  });

  it("keeps a template written as HTML exactly as sent, with no design", async () => {
    const { key } = await makeAccount();
    const html = '<table><tr><td style="color:red">{{#items}}<b>{{title}}</b>{{/items}}</td></tr></table><!-- note -->';
    const created = await call(createRoute, { method: "POST", path, key, body: { name: "Code", subject: "S", htmlBody: html } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ htmlBody: html, design: null });
  });

  it("answers 400 naming the problem for a design it cannot store", async () => {
    const { key } = await makeAccount();
    const post = (body: Record<string, unknown>) =>
      call(createRoute, { method: "POST", path, key, body: { name: "T", subject: "S", ...body } });
    const both = await post({ htmlBody: "<p>x</p>", design: starterDesign() });
    expect(both.status).toBe(400);
    expect(both.json.error.message).toMatch(/either htmlBody .* or design/);
    expect((await post({})).status).toBe(400);

    const badLink = starterDesign();
    badLink.blocks = badLink.blocks.map((b) => (b.type === "button" ? { ...b, href: "javascript:alert(1)" } : b));
    const link = await post({ design: badLink });
    expect(link.status).toBe(400);
    expect(link.json.error.details[0].path).toMatch(/^design\.blocks\.2\.href$/);

    // Mustache typed into a text block is rendered like any template, so it must parse.
    const unclosed = starterDesign();
    unclosed.blocks = [
      {
        id: "t",
        type: "text",
        content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "{{#open}} never closed" }] }] },
      },
    ];
    const syntax = await post({ design: unclosed });
    expect(syntax.status).toBe(400);
    expect(syntax.json.error.details[0]).toMatchObject({ path: "design" });
    expect(syntax.json.error.message).toMatch(/unclosed section "open"/);

    const unknownBlock = await post({ design: { version: 1, blocks: [{ id: "x", type: "video", src: "https://x.example" }] } });
    expect(unknownBlock.status).toBe(400);
  });

  it("makes a broadcast's html from its design, and sends that html to the list", async () => {
    const s = await sender();
    const list = await call(createListRoute, { method: "POST", path: "/", key: s.key, body: { name: "News" } });
    await call(addMemberRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      params: { id: list.json.id },
      body: { email: "ann@example.com", name: "Ann" },
    });
    const created = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "Spring", from: s.from, listId: list.json.id, subject: "Spring, {{name}}", design: withButton("Read more") },
    });
    expect(created.status).toBe(201);
    expect(created.json.html).toBe(renderDesignHtml(designSchema.parse(withButton("Read more"))));
    expect(created.json.design).toEqual(designSchema.parse(withButton("Read more")));

    const both = await call(patchBroadcastRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id: created.json.id },
      body: { html: "<p>x</p>", design: starterDesign() },
    });
    expect(both.status).toBe(400);
    const redesigned = await call(patchBroadcastRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id: created.json.id },
      body: { design: withButton("Read the news") },
    });
    expect(redesigned.status).toBe(200);
    expect(redesigned.json.html).toMatch(/>Read the news<\/a>/);

    expect((await call(sendBroadcastRoute, { method: "POST", path: "/", key: s.key, params: { id: created.json.id } })).status).toBe(202);
    await runDueFor(s.accountId, [sendBroadcastJob, emailSendJob, emailSendBatchJob]);
    const email = await getDb().email.findFirstOrThrow({ where: { broadcastId: created.json.id } });
    const message = await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: email.id } });
    expect(message.html).toMatch(/Hi Ann,<\/p>/);
    expect(message.html).toMatch(/>Read the news<\/a>/);
    // The footer's unsubscribe link is the member's own.
    expect(message.html).toMatch(/<a href="http[^"]+"[^>]*>Unsubscribe<\/a>/);

    // Written as code: the design goes.
    const draft = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "Code", from: s.from, listId: list.json.id, subject: "S", design: starterDesign() },
    });
    const coded = await call(patchBroadcastRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id: draft.json.id },
      body: { html: "<p>By hand</p>" },
    });
    expect(coded.json).toMatchObject({ html: "<p>By hand</p>", design: null });
  });
});
