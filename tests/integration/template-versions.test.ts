import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Resend } from "resend";
import { POST as sendRoute } from "@/app/api/v1/emails/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { GET as getTemplateRoute, PATCH as patchTemplateRoute, PUT as putTemplateRoute } from "@/app/api/v1/templates/[id]/route";
import { DELETE as discardDraftRoute, PUT as saveDraftRoute } from "@/app/api/v1/templates/[id]/draft/route";
import { POST as publishRoute } from "@/app/api/v1/templates/[id]/publish/route";
import { GET as versionsRoute } from "@/app/api/v1/templates/[id]/versions/route";
import { POST as restoreRoute } from "@/app/api/v1/templates/[id]/versions/[versionId]/restore/route";
import { GET as usesRoute } from "@/app/api/v1/templates/[id]/uses/route";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { POST as sendBroadcastRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { emailSendJob } from "@/lib/emails/send-email-job";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";
import { runDueFor } from "../helpers/jobs";
import { startApiServer, type ApiServer } from "../helpers/api-server";

// Template versions: the published content is what every send uses. A draft saved by the
// dashboard's editor changes nothing sent until it is published; the spec's PUT/PATCH publishes
// at once. Each publish is a version with who and when; restoring one makes it the draft.

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(async () => {
  await server?.close();
});

async function setup() {
  const account = await makeAccount();
  const domain = await makeVerifiedDomain(account.accountId);
  const from = `Acme <hello@${domain.domain}>`;
  await getDb().account.update({
    where: { id: account.accountId },
    data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000, defaultFrom: from },
  });
  const { key } = account;
  const created = await call(createTemplateRoute, {
    method: "POST",
    path: "/",
    key,
    body: { name: "Welcome", subject: "Hi {{name}}", htmlBody: "<p>Version one, {{name}}</p>" },
  });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  return {
    ...account,
    from,
    id,
    get: async () => (await call(getTemplateRoute, { path: "/", key, params: { id } })).json,
    saveDraft: (body: Record<string, unknown>) => call(saveDraftRoute, { method: "PUT", path: "/", key, params: { id }, body }),
    publish: () => call(publishRoute, { method: "POST", path: "/", key, params: { id } }),
    versions: async () => (await call(versionsRoute, { path: "/", key, params: { id } })).json.data as Version[],
    restore: (versionId: string) => call(restoreRoute, { method: "POST", path: "/", key, params: { id, versionId } }),
    /** Sends through POST /emails with template_id, delivers it and answers the delivered html. */
    async delivered() {
      const sent = await call(sendRoute, {
        method: "POST",
        path: "/",
        key,
        body: { from, to: `r-${randomBase62(6).toLowerCase()}@example.com`, template_id: id, variables: { name: "Ann" } },
      });
      expect(sent.status, JSON.stringify(sent.json)).toBe(201);
      await runDueFor(account.accountId, [emailSendJob]);
      return (await getDb().inboxMessage.findFirstOrThrow({ where: { emailId: sent.json.id } })).html;
    },
  };
}

type Version = { id: string; number: number; subject: string; current: boolean; publishedBy: { type: string; id: string } | null };

describe("template versions", () => {
  it("a draft changes nothing sent until it is published; the spec's PUT and PATCH publish at once; restore", async () => {
    const s = await setup();
    expect(await s.get()).toMatchObject({ status: "published", draft: null, htmlBody: "<p>Version one, {{name}}</p>" });
    expect(await s.delivered()).toContain("Version one, Ann");

    const saved = await s.saveDraft({ htmlBody: "<p>Version two, {{name}}</p>" });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ htmlBody: "<p>Version one, {{name}}</p>", draft: { htmlBody: "<p>Version two, {{name}}</p>" } });
    // A second save edits the same draft.
    expect((await s.saveDraft({ subject: "Hello {{name}}" })).json.draft).toMatchObject({
      subject: "Hello {{name}}",
      htmlBody: "<p>Version two, {{name}}</p>",
    });
    expect(await s.delivered()).toContain("Version one, Ann");

    const published = await s.publish();
    expect(published.status).toBe(200);
    expect(published.json).toMatchObject({ subject: "Hello {{name}}", htmlBody: "<p>Version two, {{name}}</p>", draft: null });
    expect(await s.delivered()).toContain("Version two, Ann");
    // Publishing without a draft records nothing.
    expect((await s.publish()).status).toBe(200);

    const put = await call(putTemplateRoute, {
      method: "PUT",
      path: "/",
      key: s.key,
      params: { id: s.id },
      body: { htmlBody: "<p>Version three, {{name}}</p>" },
    });
    expect(put.status).toBe(200);
    expect(await s.delivered()).toContain("Version three, Ann");
    const patch = await call(patchTemplateRoute, {
      method: "PATCH",
      path: "/",
      key: s.key,
      params: { id: s.id },
      body: { name: "Renamed" },
    });
    expect(patch.json).toMatchObject({ name: "Renamed", htmlBody: "<p>Version three, {{name}}</p>" });

    const versions = await s.versions();
    expect(versions.map((v) => [v.number, v.subject, v.current])).toEqual([
      [4, "Hello {{name}}", true],
      [3, "Hello {{name}}", false],
      [2, "Hello {{name}}", false],
      [1, "Hi {{name}}", false],
    ]);
    const keyRow = await getDb().apiKey.findFirstOrThrow({ where: { accountId: s.accountId } });
    expect(versions.every((v) => v.publishedBy?.type === "api_key" && v.publishedBy.id === keyRow.id)).toBe(true);

    // Restore version 1: it becomes the draft; sends keep version 4 until it is published.
    const restored = await s.restore(versions[3].id);
    expect(restored.status).toBe(200);
    expect(restored.json.draft).toMatchObject({ name: "Welcome", subject: "Hi {{name}}", htmlBody: "<p>Version one, {{name}}</p>" });
    expect(await s.delivered()).toContain("Version three, Ann");
    await s.publish();
    expect(await s.delivered()).toContain("Version one, Ann");
    expect((await s.versions())[0]).toMatchObject({ number: 5, subject: "Hi {{name}}", current: true });

    // Discarding a draft leaves the published content.
    await s.saveDraft({ htmlBody: "<p>Scrapped</p>" });
    const discarded = await call(discardDraftRoute, { method: "DELETE", path: "/", key: s.key, params: { id: s.id } });
    expect(discarded.json).toMatchObject({ draft: null, htmlBody: "<p>Version one, {{name}}</p>" });
    // A save that comes back to the published content, or changes only sample values, leaves no draft.
    await s.saveDraft({ htmlBody: "<p>Changed</p>" });
    expect((await s.saveDraft({ htmlBody: "<p>Version one, {{name}}</p>" })).json.draft).toBeNull();
    expect((await s.saveDraft({ sampleData: { name: "Ada" } })).json).toMatchObject({ draft: null, sampleData: { name: "Ada" } });
  }, 240_000);

  it("a draft is checked as an edit is: bad fields are a 400 naming them", async () => {
    const s = await setup();
    const bad = await s.saveDraft({ htmlBody: "<p>{{#open}}</p>" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe("htmlBody");
    expect((await s.saveDraft({})).status).toBe(400);
  });

  it("lists where a publish changes emails: active journeys and scheduled broadcasts", async () => {
    const s = await setup();
    expect((await call(usesRoute, { path: "/", key: s.key, params: { id: s.id } })).json).toEqual({ automations: [], broadcasts: [] });
    const resend = new Resend(s.key, { baseUrl: `${server.baseUrl}/resend` });
    const journey = await resend.automations.create({
      name: "Onboarding",
      status: "enabled",
      steps: [
        { key: "start", type: "trigger", config: { eventName: "signed_up" } },
        { key: "welcome", type: "send_email", config: { template: { id: s.id } } },
      ],
      connections: [{ from: "start", to: "welcome" }],
    });
    expect(journey.error).toBeNull();
    const list = await call(createListRoute, { method: "POST", path: "/", key: s.key, body: { name: "News" } });
    const broadcast = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      body: { name: "October", from: s.from, templateId: s.id, listId: list.json.id },
    });
    expect(broadcast.status, JSON.stringify(broadcast.json)).toBe(201);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call(sendBroadcastRoute, {
      method: "POST",
      path: "/",
      key: s.key,
      params: { id: broadcast.json.id },
      body: { scheduledAt: later },
    });
    expect(scheduled.json.status).toBe("scheduled");

    const uses = await call(usesRoute, { path: "/", key: s.key, params: { id: s.id } });
    expect(uses.json).toEqual({
      automations: [{ id: journey.data!.id, name: "Onboarding", status: "active" }],
      broadcasts: [{ id: broadcast.json.id, name: "October", status: "scheduled", scheduledAt: expect.any(String) }],
    });
  });

  it("refuses another account's template and a version of another template", async () => {
    const s = await setup();
    const t = await setup();
    const [mine] = await s.versions();
    const [theirs] = await t.versions();
    const other = { key: t.key, params: { id: s.id } };
    expect((await call(getTemplateRoute, { path: "/", ...other })).status).toBe(404);
    expect((await call(saveDraftRoute, { method: "PUT", path: "/", ...other, body: { name: "x" } })).status).toBe(404);
    expect((await call(publishRoute, { method: "POST", path: "/", ...other })).status).toBe(404);
    expect((await call(versionsRoute, { path: "/", ...other })).status).toBe(404);
    expect((await call(usesRoute, { path: "/", ...other })).status).toBe(404);
    expect((await call(restoreRoute, { method: "POST", path: "/", key: t.key, params: { id: s.id, versionId: mine.id } })).status).toBe(
      404,
    );
    // Their own template with my version: not found either.
    expect((await call(restoreRoute, { method: "POST", path: "/", key: t.key, params: { id: t.id, versionId: mine.id } })).status).toBe(
      404,
    );
    expect((await s.restore(theirs.id)).status).toBe(404);
    expect((await s.get()).draft).toBeNull();
  });
});
