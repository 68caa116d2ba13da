import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/v1/templates/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/v1/templates/[id]/route";
import { POST as previewRoute } from "@/app/api/v1/templates/[id]/preview/route";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { call, makeAccount } from "../helpers/api";

const path = "/api/v1/templates";

const welcome = {
  name: "Welcome",
  subject: "Welcome to {{company}}, {{name}}",
  htmlBody: "<h1>Hi {{name}}</h1><p>Your plan: {{contact.plan}}</p>{{#items}}<li>{{title}}</li>{{/items}}{{{footer}}}",
};

async function createTemplate(key: string, body: Record<string, unknown> = welcome) {
  const res = await call(createRoute, { method: "POST", path, key, body });
  expect(res.status).toBe(201);
  return res.json;
}

describe("templates", () => {
  it("creates, reads, lists, updates and deletes a template", async () => {
    const { key } = await makeAccount();
    const created = await createTemplate(key);
    expect(created).toMatchObject({
      name: "Welcome",
      subject: welcome.subject,
      htmlBody: welcome.htmlBody,
      variables: ["company", "contact", "footer", "items", "name", "title"],
    });
    expect(created.id).toMatch(/^tpl_/);
    expect(created.createdAt).toMatch(/Z$/);
    expect(created.updatedAt).toMatch(/Z$/);

    const got = await call(getRoute, { path: `${path}/${created.id}`, key, params: { id: created.id } });
    expect(got.status).toBe(200);
    expect(got.json).toEqual(created);

    const second = await createTemplate(key, { name: "Receipt", subject: "Receipt", htmlBody: "<p>Thanks</p>" });
    expect(second.variables).toEqual([]);
    const list = await call(listRoute, { path, key });
    expect(list.status).toBe(200);
    expect(list.json.pagination).toEqual({ limit: 20, offset: 0, total: 2, hasMore: false });
    expect(list.json.data.map((t: { id: string }) => t.id)).toEqual([second.id, created.id]);

    const page = await call(listRoute, { path: `${path}?limit=1&offset=1`, key });
    expect(page.json.data.map((t: { id: string }) => t.id)).toEqual([created.id]);
    expect(page.json.pagination).toMatchObject({ total: 2, hasMore: false });
    const searched = await call(listRoute, { path: `${path}?search=recei`, key });
    expect(searched.json.data.map((t: { id: string }) => t.id)).toEqual([second.id]);
    expect(searched.json.pagination.total).toBe(1);
    // LIKE wildcards in the search are literal characters.
    const wildcard = await call(listRoute, { path: `${path}?search=${encodeURIComponent("%")}`, key });
    expect(wildcard.json.pagination.total).toBe(0);
    expect((await call(listRoute, { path: `${path}?search=_`, key })).json.pagination.total).toBe(0);

    const deleted = await call(deleteRoute, { method: "DELETE", path: `${path}/${second.id}`, key, params: { id: second.id } });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: second.id, deleted: true });
    const gone = await call(getRoute, { path: `${path}/${second.id}`, key, params: { id: second.id } });
    expect(gone.status).toBe(404);
    const again = await call(deleteRoute, { method: "DELETE", path: `${path}/${second.id}`, key, params: { id: second.id } });
    expect(again.status).toBe(404);
  });

  it("stores given variables as is and validates them", async () => {
    const { key } = await makeAccount();
    const given = await createTemplate(key, { ...welcome, variables: ["name", "contact.plan", "name"] });
    expect(given.variables).toEqual(["name", "contact.plan"]);

    const bad = await call(createRoute, { method: "POST", path, key, body: { ...welcome, variables: ["ok", "not valid!"] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe("variables.1");
    const notArray = await call(createRoute, { method: "POST", path, key, body: { ...welcome, variables: "name" } });
    expect(notArray.status).toBe(400);
    expect(notArray.json.error.details[0].path).toBe("variables");
  });

  it("changes only the fields PUT sends and re-derives variables from the stored template", async () => {
    const { key } = await makeAccount();
    const t = await createTemplate(key, { name: "A", subject: "Hi {{name}}", htmlBody: "<p>{{body}}</p>" });
    const put = (body: unknown) => call(putRoute, { method: "PUT", path: `${path}/${t.id}`, key, params: { id: t.id }, body });

    const renamed = await put({ name: "B" });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: "B", subject: "Hi {{name}}", htmlBody: "<p>{{body}}</p>", variables: ["body", "name"] });
    expect(Date.parse(renamed.json.updatedAt)).toBeGreaterThanOrEqual(Date.parse(t.updatedAt));

    const newSubject = await put({ subject: "Order {{order.id}}" });
    expect(newSubject.json).toMatchObject({ name: "B", subject: "Order {{order.id}}", variables: ["body", "order"] });

    const explicit = await put({ htmlBody: "<p>{{total}}</p>", variables: ["total", "extra"] });
    expect(explicit.json).toMatchObject({ htmlBody: "<p>{{total}}</p>", variables: ["total", "extra"] });
    // A rename leaves explicit variables alone.
    expect((await put({ name: "C" })).json.variables).toEqual(["total", "extra"]);

    const empty = await put({});
    expect(empty.status).toBe(400);
    expect(empty.json.error.code).toBe("validation_error");
    expect(empty.json.error.message).toMatch(/at least one of name, subject, htmlBody, variables/);
    expect((await put({ subject: "" })).status).toBe(400);

    const got = await call(getRoute, { path: `${path}/${t.id}`, key, params: { id: t.id } });
    expect(got.json).toMatchObject({ name: "C", subject: "Order {{order.id}}", htmlBody: "<p>{{total}}</p>" });
  });

  it("rejects template syntax errors at create and update time, naming the field and place", async () => {
    const { key } = await makeAccount();
    const unclosed = await call(createRoute, { method: "POST", path, key, body: { ...welcome, htmlBody: "<p>Hi {{name</p>" } });
    expect(unclosed.status).toBe(400);
    expect(unclosed.json.error.code).toBe("validation_error");
    expect(unclosed.json.error.details).toEqual([
      { path: "htmlBody", message: "template syntax error: unclosed tag at line 1, column 17" },
    ]);
    const section = await call(createRoute, { method: "POST", path, key, body: { ...welcome, subject: "{{#vip}}Hello" } });
    expect(section.status).toBe(400);
    expect(section.json.error.message).toMatch(/^subject: template syntax error: unclosed section "vip"/);
    const partial = await call(createRoute, { method: "POST", path, key, body: { ...welcome, htmlBody: "{{> footer}}" } });
    expect(partial.status).toBe(400);
    expect(partial.json.error.message).toMatch(/partials/);

    const t = await createTemplate(key);
    const put = await call(putRoute, { method: "PUT", path: `${path}/${t.id}`, key, params: { id: t.id }, body: { htmlBody: "{{/x}}" } });
    expect(put.status).toBe(400);
    expect(put.json.error.details[0]).toMatchObject({ path: "htmlBody", message: expect.stringMatching(/unopened section "x"/) });
  });

  it("enforces the field limits", async () => {
    const { key } = await makeAccount();
    const post = (body: unknown) => call(createRoute, { method: "POST", path, key, body });
    const failing = async (body: unknown, field: string) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(field);
    };
    await failing({ ...welcome, name: "" }, "name");
    await failing({ ...welcome, name: "x".repeat(201) }, "name");
    await failing({ ...welcome, subject: "s".repeat(999) }, "subject");
    await failing({ ...welcome, htmlBody: "h".repeat(512 * 1024 + 1) }, "htmlBody");
    // Counted in UTF-8 bytes: 200 000 three-byte characters are over 512 KB.
    await failing({ ...welcome, htmlBody: "€".repeat(200_000) }, "htmlBody");
    await failing({ name: "x", subject: "y" }, "htmlBody");

    const atLimits = await post({ name: "n".repeat(200), subject: "s".repeat(998), htmlBody: "h".repeat(512 * 1024) });
    expect(atLimits.status).toBe(201);
    expect(atLimits.json.htmlBody).toHaveLength(512 * 1024);
  });

  it("answers 404 for another account's template on every route", async () => {
    const owner = await makeAccount();
    const other = await makeAccount();
    const t = await createTemplate(owner.key);
    const opts = { key: other.key, params: { id: t.id }, path: `${path}/${t.id}` };
    const results = [
      await call(getRoute, opts),
      await call(putRoute, { ...opts, method: "PUT", body: { name: "stolen" } }),
      await call(deleteRoute, { ...opts, method: "DELETE" }),
      await call(previewRoute, { ...opts, method: "POST", path: `${path}/${t.id}/preview`, body: { variables: {} } }),
    ];
    for (const res of results) {
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe("not_found");
    }
    expect((await call(listRoute, { path, key: other.key })).json.pagination.total).toBe(0);
    const still = await call(getRoute, { ...opts, key: owner.key });
    expect(still.json.name).toBe("Welcome");
  });

  it("previews with escaping, raw triple-stash, nested names and a one-line subject", async () => {
    const { key } = await makeAccount();
    const t = await createTemplate(key);
    const preview = (body: unknown) =>
      call(previewRoute, { method: "POST", path: `${path}/${t.id}/preview`, key, params: { id: t.id }, body });

    const res = await preview({
      variables: {
        company: "Acme & Co",
        name: `<script>alert("x")</script>\r\nBcc: x@example.com`,
        contact: { plan: "Pro & 'Plus'" },
        items: [{ title: "<b>one</b>" }, { title: "two" }],
        footer: "<footer>raw</footer>",
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.subject).toBe(`Welcome to Acme & Co, <script>alert("x")</script> Bcc: x@example.com`);
    expect(res.json.html).toBe(
      "<h1>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt;\r\nBcc: x@example.com</h1>" +
        "<p>Your plan: Pro &amp; &#39;Plus&#39;</p><li>&lt;b&gt;one&lt;&#x2F;b&gt;</li><li>two</li><footer>raw</footer>",
    );

    const empty = await preview({});
    expect(empty.json).toEqual({ subject: "Welcome to ,", html: "<h1>Hi </h1><p>Your plan: </p>" });

    // Unsaved edits from the editor render instead of the stored text, and are validated.
    const draft = await preview({ subject: "Draft {{name}}", htmlBody: "<i>{{name}}</i>", variables: { name: "A&B" } });
    expect(draft.json).toEqual({ subject: "Draft A&B", html: "<i>A&amp;B</i>" });
    const broken = await preview({ htmlBody: "{{oops" });
    expect(broken.status).toBe(400);
    const badVars = await preview({ variables: ["name"] });
    expect(badVars.status).toBe(400);
  });

  it("refuses to delete a template an automation step uses (409), and deletes it once freed", async () => {
    const { key, accountId } = await makeAccount();
    const t = await createTemplate(key);
    const db = getDb();
    const automation = await db.automation.create({
      data: { id: newId("aut"), accountId, name: "Onboarding", triggerType: "list_join", triggerConfig: { listName: "new" } },
    });
    const step = await db.automationStep.create({
      data: { id: newId("stp"), automationId: automation.id, position: 0, delayMinutes: 0, templateId: t.id },
    });

    const del = () => call(deleteRoute, { method: "DELETE", path: `${path}/${t.id}`, key, params: { id: t.id } });
    const refused = await del();
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("conflict");
    expect(refused.json.error.message).toContain(`automation "Onboarding" (${automation.id})`);
    expect((await call(getRoute, { path: `${path}/${t.id}`, key, params: { id: t.id } })).status).toBe(200);

    await db.automationStep.delete({ where: { id: step.id } });
    const deleted = await del();
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ id: t.id, deleted: true });
  });
});
