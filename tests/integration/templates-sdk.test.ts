import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resend } from "resend";
import { GET as getSpecTemplateRoute, PUT as putSpecTemplateRoute } from "@/app/api/v1/templates/[id]/route";
import { POST as createSpecTemplateRoute } from "@/app/api/v1/templates/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { call } from "../helpers/api";
import { engineAccount } from "../helpers/automation-engine";
import { runDueFor } from "../helpers/jobs";
import { startApiServer, type ApiServer } from "../helpers/api-server";

// The official `resend` SDK's template calls, unchanged, over HTTP at its base URL
// /api/v1/resend: drafts (create, update) that sends do not see until published, aliases in place
// of ids, typed variables whose fallbacks fill what a send omits, duplicate and remove, the SDK's
// error shape, and no reach into another account.

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
});

async function client() {
  // A verified sender and room in the rate limit.
  const account = await engineAccount();
  const resend = new Resend(account.key, { baseUrl: `${server.baseUrl}/resend` });
  const { from } = account;
  /** Sends through the SDK's emails.send with `template`, delivers it and answers the delivered message. */
  async function sendAndRead(template: { id: string; variables?: Record<string, string | number> }) {
    const to = `reader-${randomBase62(6).toLowerCase()}@example.com`;
    const sent = await resend.emails.send({ from, to, template });
    expect(sent.error).toBeNull();
    await runDueFor(account.accountId, [emailSendJob]);
    return getDb().inboxMessage.findFirstOrThrow({ where: { emailId: sent.data!.id } });
  }
  return { ...account, resend, from, sendAndRead };
}

const welcome = () => ({
  name: "Welcome",
  alias: `welcome-${randomBase62(6).toLowerCase()}`,
  subject: "Welcome, {{{NAME}}}",
  html: "<p>Hi {{{NAME}}}, you have {{{CREDITS}}} credits.</p>",
  text: "Hi {{{NAME}}}",
  variables: [
    { key: "NAME", type: "string" as const, fallbackValue: "there" },
    { key: "CREDITS", type: "number" as const, fallbackValue: 5 },
  ],
});

describe("resend SDK: templates", () => {
  it("create makes a draft, get by id and alias, list, publish, then sends use it with the fallbacks", async () => {
    const { resend, from, sendAndRead } = await client();
    const input = welcome();
    const created = await resend.templates.create(input);
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ object: "template", id: expect.stringMatching(/^tpl_/) });
    const id = created.data!.id;

    const got = await resend.templates.get(id);
    expect(got.error).toBeNull();
    expect(got.data).toEqual({
      object: "template",
      id,
      name: "Welcome",
      subject: "Welcome, {{{NAME}}}",
      html: input.html,
      text: "Hi {{{NAME}}}",
      status: "draft",
      variables: [
        { key: "NAME", type: "string", fallback_value: "there", created_at: expect.any(String), updated_at: expect.any(String) },
        { key: "CREDITS", type: "number", fallback_value: 5, created_at: expect.any(String), updated_at: expect.any(String) },
      ],
      alias: input.alias,
      from: null,
      reply_to: null,
      published_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      has_unpublished_versions: false,
      current_version_id: expect.stringMatching(/^tpv_/),
    });
    expect((await resend.templates.get(input.alias)).data?.id).toBe(id);

    const listed = await resend.templates.list();
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual({
      object: "list",
      has_more: false,
      data: [
        {
          id,
          name: "Welcome",
          alias: input.alias,
          status: "draft",
          published_at: null,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
    });

    // A draft never published is not sent.
    const refused = await resend.emails.send({ from, to: "x@example.com", template: { id } });
    expect(refused.error).toMatchObject({ statusCode: 400, name: "validation_error" });
    expect(refused.error!.message).toContain("publish it first");

    const published = await resend.templates.publish(input.alias);
    expect(published).toMatchObject({ data: { object: "template", id }, error: null });
    const after = (await resend.templates.get(id)).data!;
    expect(after).toMatchObject({ status: "published", has_unpublished_versions: false, current_version_id: got.data!.current_version_id });
    expect(Date.parse(after.published_at!)).not.toBeNaN();

    // By alias; NAME given, CREDITS omitted: its fallback.
    const message = await sendAndRead({ id: input.alias, variables: { NAME: "Ada" } });
    expect(message.subject).toBe("Welcome, Ada");
    expect(message.html).toContain("Hi Ada, you have 5 credits.");
    // Both omitted: both fallbacks.
    expect((await sendAndRead({ id })).html).toContain("Hi there, you have 5 credits.");
  }, 180_000);

  it("update edits the draft: sends keep the published version until publish; chained create().publish()", async () => {
    const { resend, sendAndRead } = await client();
    const input = welcome();
    const published = await resend.templates.create(input).publish();
    expect(published.error).toBeNull();
    const id = published.data!.id;
    expect((await resend.templates.get(id)).data!.status).toBe("published");

    const updated = await resend.templates.update(input.alias, {
      html: "<p>Hello again {{{NAME}}}</p>",
      variables: [{ key: "NAME", type: "string", fallbackValue: "friend" }],
    });
    expect(updated).toMatchObject({ data: { object: "template", id }, error: null });
    const draft = (await resend.templates.get(id)).data!;
    expect(draft).toMatchObject({ html: "<p>Hello again {{{NAME}}}</p>", status: "published", has_unpublished_versions: true });
    expect(draft.variables!.map((v) => [v.key, v.fallback_value])).toEqual([["NAME", "friend"]]);

    expect((await sendAndRead({ id })).html).toContain("Hi there, you have 5 credits.");
    expect((await resend.templates.publish(id)).error).toBeNull();
    expect((await sendAndRead({ id })).html).toContain("Hello again friend");
    expect((await resend.templates.get(id)).data!.has_unpublished_versions).toBe(false);

    // An alias changes at once, and the old one no longer names the template.
    const renamed = `renamed-${randomBase62(6).toLowerCase()}`;
    expect((await resend.templates.update(id, { alias: renamed })).error).toBeNull();
    expect((await resend.templates.get(renamed)).data?.id).toBe(id);
    expect((await resend.templates.get(input.alias)).error).toMatchObject({ statusCode: 404 });
  }, 180_000);

  it("duplicate makes a draft copy without the alias; remove by alias; 404 and 400 in the SDK's error shape", async () => {
    const { resend } = await client();
    const input = welcome();
    const id = (await resend.templates.create(input).publish()).data!.id;

    const copy = await resend.templates.duplicate(input.alias);
    expect(copy.error).toBeNull();
    expect(copy.data!.id).not.toBe(id);
    expect((await resend.templates.get(copy.data!.id)).data).toMatchObject({
      name: "Welcome (copy)",
      alias: null,
      status: "draft",
      html: input.html,
      published_at: null,
    });
    expect((await resend.templates.list({ limit: 1 })).data).toMatchObject({ has_more: true, data: [{ id: copy.data!.id }] });

    const removed = await resend.templates.remove(input.alias);
    expect(removed).toMatchObject({ data: { object: "template", id, deleted: true }, error: null });
    const gone = await resend.templates.get(id);
    expect(gone.data).toBeNull();
    expect(gone.error).toMatchObject({ statusCode: 404, name: "not_found", message: "template not found" });

    const badFallback = await resend.templates.create({
      name: "Bad",
      html: "<p>{{{N}}}</p>",
      variables: [{ key: "N", type: "number", fallbackValue: "five" as unknown as number }],
    });
    expect(badFallback.error).toMatchObject({ statusCode: 400, name: "validation_error" });
    expect(badFallback.error!.message).toContain("fallback_value");
    const noHtml = await resend.templates.create({ name: "No html", html: "" });
    expect(noHtml.error).toMatchObject({ statusCode: 400 });
    expect(noHtml.error!.message).toContain("html");
    const taken = await resend.templates.create({ ...welcome(), alias: (await resend.templates.get(copy.data!.id)).data!.id });
    expect(taken.error).toMatchObject({ statusCode: 400 });
    const dupAlias = welcome();
    expect((await resend.templates.create(dupAlias)).error).toBeNull();
    expect((await resend.templates.create(dupAlias)).error).toMatchObject({ statusCode: 409, name: "conflict" });
  });

  it("a template made through the spec's routes reads through the SDK, and a spec edit publishes at once", async () => {
    const { resend, key, sendAndRead } = await client();
    const spec = await call(createSpecTemplateRoute, {
      method: "POST",
      path: "/",
      key,
      body: { name: "Spec", subject: "Hi {{name}}", htmlBody: "<p>Spec {{name}}</p>", variables: ["name"] },
    });
    const id = spec.json.id as string;
    expect(spec.json).toMatchObject({ status: "published", draft: null });
    expect((await resend.templates.get(id)).error).toBeNull();
    expect((await resend.templates.get(id)).data).toMatchObject({
      status: "published",
      html: "<p>Spec {{name}}</p>",
      variables: [{ key: "name", type: "string", fallback_value: null }],
    });
    expect((await sendAndRead({ id, variables: { name: "Bo" } })).html).toContain("Spec Bo");
    // An SDK draft, then the spec's PUT: the PUT is sent at once, the draft stays a draft.
    expect((await resend.templates.update(id, { html: "<p>Draft {{name}}</p>" })).error).toBeNull();
    const put = await call(putSpecTemplateRoute, {
      method: "PUT",
      path: "/",
      key,
      params: { id },
      body: { htmlBody: "<p>Put {{name}}</p>" },
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ htmlBody: "<p>Put {{name}}</p>", draft: { htmlBody: "<p>Draft {{name}}</p>" } });
    expect((await sendAndRead({ id, variables: { name: "Bo" } })).html).toContain("Put Bo");
    const read = await call(getSpecTemplateRoute, { path: "/", key, params: { id } });
    expect(read.json.htmlBody).toBe("<p>Put {{name}}</p>");
  }, 180_000);

  it("refuses another account's template by id and by alias", async () => {
    const owner = await client();
    const input = welcome();
    const id = (await owner.resend.templates.create(input).publish()).data!.id;
    const other = await client();
    for (const ref of [id, input.alias]) {
      expect((await other.resend.templates.get(ref)).error).toMatchObject({ statusCode: 404 });
      expect((await other.resend.templates.update(ref, { name: "Mine" })).error).toMatchObject({ statusCode: 404 });
      expect((await other.resend.templates.publish(ref)).error).toMatchObject({ statusCode: 404 });
      expect((await other.resend.templates.duplicate(ref)).error).toMatchObject({ statusCode: 404 });
      expect((await other.resend.templates.remove(ref)).error).toMatchObject({ statusCode: 404 });
      const send = await other.resend.emails.send({ from: other.from, to: "x@example.com", template: { id: ref } });
      expect(send.error).toMatchObject({ statusCode: 400 });
      expect(send.error!.message).toContain("no such template");
    }
    expect((await other.resend.templates.list()).data!.data).toEqual([]);
    expect((await owner.resend.templates.get(id)).data).toMatchObject({ name: "Welcome", status: "published" });
  });
});
