import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as apiKeysRoute, DELETE as revokeKeyRoute } from "@/app/api/v1/api-keys/route";
import { GET as suppressionsRoute, DELETE as liftSuppressionRoute } from "@/app/api/v1/suppressions/route";
import { GET as automationRoute } from "@/app/api/v1/automations/[id]/route";
import { GET as enrollmentsRoute } from "@/app/api/v1/automations/[id]/enrollments/route";
import { GET as testRunRoute } from "@/app/api/v1/automations/[id]/test-runs/[runId]/route";
import { GET as contactRoute } from "@/app/api/v1/contacts/[id]/route";
import { GET as contactsRoute } from "@/app/api/v1/contacts/route";
import { GET as importRoute } from "@/app/api/v1/contacts/import/[id]/route";
import { GET as domainRoute } from "@/app/api/v1/domains/[id]/route";
import { GET as emailRoute } from "@/app/api/v1/emails/[id]/route";
import { GET as inboxRoute } from "@/app/api/v1/inbox/[id]/route";
import { GET as receivedAttachmentsRoute } from "@/app/api/v1/emails/receiving/[id]/attachments/route";
import { GET as listRoute } from "@/app/api/v1/lists/[id]/route";
import { GET as templateRoute } from "@/app/api/v1/templates/[id]/route";
import { GET as webhookRoute } from "@/app/api/v1/webhooks/[id]/route";
import { GET as deliveriesRoute } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { GET as creditsRoute } from "@/app/api/v1/account/credits/route";
import { GET as broadcastRoute } from "@/app/api/v1/broadcasts/[id]/route";
import { GET as contactEventsRoute } from "@/app/api/v1/contacts/[id]/events/route";
import { GET as contactActivityRoute } from "@/app/api/v1/contacts/[id]/activity/route";
import { GET as topicRoute } from "@/app/api/v1/topics/[id]/route";
import { GET as contactTopicsRoute } from "@/app/api/v1/contacts/[id]/topics/route";
import { GET as contactPropertyRoute } from "@/app/api/v1/contact-properties/[id]/route";
import { GET as eventDefinitionRoute } from "@/app/api/v1/resend/events/[identifier]/route";
import { GET as contactSegmentsRoute } from "@/app/api/v1/contacts/[id]/segments/route";
import { GET as requestLogRoute } from "@/app/api/v1/logs/[id]/route";
import { GET as membersRoute } from "@/app/api/v1/members/route";
import { GET as invitationsRoute } from "@/app/api/v1/members/invitations/route";
import { GET as layoutRoute } from "@/app/api/v1/layouts/[id]/route";
import { GET as imagesRoute } from "@/app/api/v1/images/route";
import { getDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/config/env";
import { call, makeAccount } from "../helpers/api";
import { makeWorld, type World } from "../helpers/world";
import { findRoutes, loadRoute, METHODS, type Method, type RouteHandler } from "../helpers/routes";

// The cross-account matrix: account B's full_access key on every method of every
// route with an id, pointed at account A's records, gets 404 not_found, and A's records read
// back exactly as before. The [id] routes come from the folders on disk; a route without a
// request below fails the test, so a new one cannot be left out.

// The scenario catalogue is built in and the same for every account: nothing there to own.
const NOT_OWNED = new Set(["/api/v1/automation-scenarios/[id]"]);

const ROUTES = findRoutes(["app/api/v1"]).filter((r) => r.params.length && !NOT_OWNED.has(r.pattern));
const LOADED = await Promise.all(ROUTES.map(async (route) => ({ route, handlers: await loadRoute(route) })));

// query: what a route needs besides the id to reach the record (a list's required filter).
type Request = { params: Record<string, string>; body?: unknown; query?: Record<string, string> };

/** What B sends for each method of each [id] route: A's ids, and a body that would be accepted. */
function requests(a: World): Record<string, Request> {
  const { ids } = a;
  const automation = { id: ids.automation };
  const step = { id: ids.automation, stepId: ids.steps[0] };
  const run = { id: ids.automation, runId: ids.testRun };
  return {
    "GET /api/v1/automations/[id]": { params: automation },
    "PATCH /api/v1/automations/[id]": { params: automation, body: { name: "Renamed by B", description: "b" } },
    "PUT /api/v1/automations/[id]": { params: automation, body: { name: "Renamed by B", description: "b" } },
    "DELETE /api/v1/automations/[id]": { params: automation },
    "POST /api/v1/automations/[id]/activate": { params: automation, body: { enrollExisting: true } },
    "GET /api/v1/automations/[id]/enrollments": { params: automation },
    "POST /api/v1/automations/[id]/enrollments/[enrollmentId]/retry": { params: { id: ids.automation, enrollmentId: ids.enrollment } },
    "GET /api/v1/automations/[id]/checks": { params: automation },
    "GET /api/v1/automations/[id]/funnel": { params: automation },
    "GET /api/v1/automations/[id]/matching-contacts": { params: automation },
    "POST /api/v1/automations/[id]/pause": { params: automation },
    "POST /api/v1/automations/[id]/steps": { params: automation, body: { delayMinutes: 5, subject: "B's step", bodyHtml: "<p>b</p>" } },
    "PUT /api/v1/automations/[id]/steps": {
      params: automation,
      body: {
        steps: [
          { id: ids.steps[1], delayMinutes: 0 },
          { id: ids.steps[0], delayMinutes: 60 },
        ],
      },
    },
    "PATCH /api/v1/automations/[id]/steps/[stepId]": { params: step, body: { subject: "Changed by B" } },
    "PUT /api/v1/automations/[id]/steps/[stepId]": { params: step, body: { subject: "Changed by B" } },
    "DELETE /api/v1/automations/[id]/steps/[stepId]": { params: step },
    "GET /api/v1/automations/[id]/test-runs": { params: automation },
    "POST /api/v1/automations/[id]/test-runs": { params: automation, body: { email: "b@example.com", name: "B" } },
    "GET /api/v1/automations/[id]/test-runs/[runId]": { params: run },
    "POST /api/v1/automations/[id]/test-runs/[runId]/events": { params: run, body: { name: "anything" } },
    "POST /api/v1/automations/[id]/test-runs/[runId]/skip-wait": { params: run },
    "GET /api/v1/automations/[id]/step-counts": { params: automation },
    // The resend SDK's calls over the same automations (a run is a real enrollment).
    "GET /api/v1/resend/automations/[id]": { params: automation },
    "PATCH /api/v1/resend/automations/[id]": { params: automation, body: { name: "Renamed by B", reentry: "always" } },
    "DELETE /api/v1/resend/automations/[id]": { params: automation },
    "POST /api/v1/resend/automations/[id]/duplicate": { params: automation },
    "POST /api/v1/resend/automations/[id]/stop": { params: automation },
    "GET /api/v1/resend/automations/[id]/runs": { params: automation },
    "GET /api/v1/resend/automations/[id]/runs/[runId]": { params: { id: ids.automation, runId: ids.enrollment } },
    "GET /api/v1/contacts/[id]": { params: { id: ids.contact } },
    "PATCH /api/v1/contacts/[id]": {
      params: { id: ids.contact },
      body: { name: "Mallory", subscribed: false, properties: { plan: null } },
    },
    "PUT /api/v1/contacts/[id]": {
      params: { id: ids.contact },
      body: { name: "Mallory", subscribed: false, properties: { plan: null } },
    },
    "DELETE /api/v1/contacts/[id]": { params: { id: ids.contact } },
    "GET /api/v1/contacts/import/[id]": { params: { id: ids.contactImport } },
    "GET /api/v1/contacts/[id]/events": { params: { id: ids.contact } },
    "GET /api/v1/contacts/[id]/activity": { params: { id: ids.contact } },
    "GET /api/v1/broadcasts/[id]": { params: { id: ids.broadcast } },
    "PUT /api/v1/broadcasts/[id]": { params: { id: ids.broadcast }, body: { name: "Changed by B", subject: "B" } },
    "PATCH /api/v1/broadcasts/[id]": { params: { id: ids.broadcast }, body: { name: "Changed by B" } },
    "DELETE /api/v1/broadcasts/[id]": { params: { id: ids.broadcast } },
    "POST /api/v1/broadcasts/[id]/send": { params: { id: ids.broadcast }, body: {} },
    // The scheduled one: the only kind a cancel would change.
    "POST /api/v1/broadcasts/[id]/cancel": { params: { id: ids.scheduledBroadcast } },
    "POST /api/v1/broadcasts/[id]/test": { params: { id: ids.broadcast }, body: { to: "b@example.com" } },
    "GET /api/v1/broadcasts/[id]/recipients": { params: { id: ids.broadcast } },
    "GET /api/v1/resend/broadcasts/[id]": { params: { id: ids.broadcast } },
    "PATCH /api/v1/resend/broadcasts/[id]": { params: { id: ids.broadcast }, body: { name: "Changed by B" } },
    "DELETE /api/v1/resend/broadcasts/[id]": { params: { id: ids.broadcast } },
    "POST /api/v1/resend/broadcasts/[id]/send": { params: { id: ids.broadcast }, body: {} },
    "POST /api/v1/resend/broadcasts/[id]/cancel": { params: { id: ids.scheduledBroadcast } },
    "POST /api/v1/resend/broadcasts/[id]/duplicate": { params: { id: ids.broadcast } },
    "GET /api/v1/resend/broadcasts/[id]/recipients": { params: { id: ids.broadcast }, query: { type: "sent" } },
    "GET /api/v1/resend/broadcasts/[id]/clicked-links": { params: { id: ids.broadcast } },
    "GET /api/v1/domains/[id]": { params: { id: ids.domain } },
    "DELETE /api/v1/domains/[id]": { params: { id: ids.domain } },
    "POST /api/v1/domains/[id]/verify": { params: { id: ids.domain } },
    "PATCH /api/v1/domains/[id]": {
      params: { id: ids.domain },
      body: { capabilities: { receiving: "enabled" }, receivingAddresses: ["b"] },
    },
    "GET /api/v1/emails/receiving/[id]": { params: { id: ids.receivedEmail } },
    "GET /api/v1/emails/receiving/[id]/attachments": { params: { id: ids.receivedEmail } },
    "GET /api/v1/emails/receiving/[id]/attachments/[attachmentId]": {
      params: { id: ids.receivedEmail, attachmentId: ids.receivedAttachment },
    },
    "POST /api/v1/emails/receiving/[id]/forward": {
      params: { id: ids.receivedEmail },
      body: { from: "b@example.com", to: "c@example.com" },
    },
    "GET /api/v1/emails/[id]": { params: { id: ids.email } },
    // The scheduled one: the only kind a cancel would change.
    "DELETE /api/v1/emails/[id]": { params: { id: ids.scheduledEmail } },
    "PATCH /api/v1/emails/[id]": { params: { id: ids.scheduledEmail }, body: { scheduled_at: "in 2 hours" } },
    "PUT /api/v1/emails/[id]": { params: { id: ids.scheduledEmail }, body: { scheduled_at: "in 2 hours" } },
    "POST /api/v1/emails/[id]/cancel": { params: { id: ids.scheduledEmail } },
    "DELETE /api/v1/api-keys/[id]": { params: { id: ids.apiKey } },
    "GET /api/v1/inbox/[id]": { params: { id: ids.inboxMessage } },
    "GET /api/v1/logs/[id]": { params: { id: ids.requestLog } },
    "POST /api/v1/inbox/[id]/open": { params: { id: ids.inboxMessage } },
    "GET /api/v1/lists/[id]": { params: { id: ids.list } },
    "PATCH /api/v1/lists/[id]": { params: { id: ids.list }, body: { name: "Renamed by B", doubleOptIn: true } },
    "DELETE /api/v1/lists/[id]": { params: { id: ids.list } },
    "POST /api/v1/lists/[id]/contacts": { params: { id: ids.list }, body: { email: "planted@example.com", name: "Planted" } },
    "DELETE /api/v1/lists/[id]/contacts/[contactId]": { params: { id: ids.list, contactId: ids.contact } },
    "GET /api/v1/templates/[id]": { params: { id: ids.template } },
    "PUT /api/v1/templates/[id]": { params: { id: ids.template }, body: { name: "Changed by B", subject: "B {{name}}" } },
    "DELETE /api/v1/templates/[id]": { params: { id: ids.template } },
    "POST /api/v1/templates/[id]/preview": { params: { id: ids.template }, body: { variables: { name: "B" } } },
    "POST /api/v1/templates/[id]/test": { params: { id: ids.template }, body: { from: "b@example.com", to: "c@example.com" } },
    "PATCH /api/v1/templates/[id]": { params: { id: ids.template }, body: { name: "Changed by B" } },
    "PUT /api/v1/templates/[id]/draft": { params: { id: ids.template }, body: { subject: "Draft by B" } },
    "DELETE /api/v1/templates/[id]/draft": { params: { id: ids.template } },
    "POST /api/v1/templates/[id]/publish": { params: { id: ids.template } },
    "GET /api/v1/templates/[id]/uses": { params: { id: ids.template } },
    "GET /api/v1/templates/[id]/versions": { params: { id: ids.template } },
    "POST /api/v1/templates/[id]/versions/[versionId]/restore": { params: { id: ids.template, versionId: ids.templateVersion } },
    // The resend SDK's template calls, by A's id.
    "GET /api/v1/resend/templates/[identifier]": { params: { identifier: ids.template } },
    "PATCH /api/v1/resend/templates/[identifier]": { params: { identifier: ids.template }, body: { name: "Changed by B" } },
    "DELETE /api/v1/resend/templates/[identifier]": { params: { identifier: ids.template } },
    "POST /api/v1/resend/templates/[identifier]/duplicate": { params: { identifier: ids.template } },
    "POST /api/v1/resend/templates/[identifier]/publish": { params: { identifier: ids.template } },
    "GET /api/v1/webhooks/[id]": { params: { id: ids.webhook } },
    "PUT /api/v1/webhooks/[id]": { params: { id: ids.webhook }, body: { url: "http://127.0.0.1:9/b", events: ["email.opened"] } },
    "PATCH /api/v1/webhooks/[id]": {
      params: { id: ids.webhook },
      body: { endpoint: "http://127.0.0.1:9/b", events: ["email.complained"] },
    },
    "DELETE /api/v1/webhooks/[id]": { params: { id: ids.webhook } },
    "GET /api/v1/webhooks/[id]/deliveries": { params: { id: ids.webhook } },
    "POST /api/v1/webhooks/[id]/test": { params: { id: ids.webhook }, body: { type: "email.bounced" } },
    "DELETE /api/v1/suppressions/[id]": { params: { id: ids.suppression } },
    "POST /api/v1/webhooks/[id]/deliveries/[deliveryId]/redeliver": { params: { id: ids.webhook, deliveryId: ids.webhookDelivery } },
    "GET /api/v1/topics/[id]": { params: { id: ids.topic } },
    "PATCH /api/v1/topics/[id]": { params: { id: ids.topic }, body: { name: "Renamed by B" } },
    "DELETE /api/v1/topics/[id]": { params: { id: ids.topic } },
    "GET /api/v1/contacts/[id]/topics": { params: { id: ids.contact } },
    "PATCH /api/v1/contacts/[id]/topics": { params: { id: ids.contact }, body: [{ id: ids.topic, subscription: "opt_out" }] },
    "GET /api/v1/contact-properties/[id]": { params: { id: ids.contactProperty } },
    "PATCH /api/v1/contact-properties/[id]": { params: { id: ids.contactProperty }, body: { fallback_value: 9 } },
    "DELETE /api/v1/contact-properties/[id]": { params: { id: ids.contactProperty } },
    "GET /api/v1/resend/events/[identifier]": { params: { identifier: ids.eventDefinition } },
    "PATCH /api/v1/resend/events/[identifier]": { params: { identifier: ids.eventDefinition }, body: { schema: null } },
    "DELETE /api/v1/resend/events/[identifier]": { params: { identifier: ids.eventDefinition } },
    "GET /api/v1/segments/[id]": { params: { id: ids.list } },
    "PATCH /api/v1/segments/[id]": { params: { id: ids.list }, body: { name: "Renamed by B" } },
    "DELETE /api/v1/segments/[id]": { params: { id: ids.list } },
    "GET /api/v1/segments/[id]/contacts": { params: { id: ids.list } },
    "GET /api/v1/contacts/[id]/segments": { params: { id: ids.contact } },
    "POST /api/v1/contacts/[id]/segments/[segmentId]": { params: { id: ids.contact, segmentId: ids.list } },
    "DELETE /api/v1/contacts/[id]/segments/[segmentId]": { params: { id: ids.contact, segmentId: ids.list } },
    "PATCH /api/v1/members/[id]": { params: { id: ids.member }, body: { role: "viewer" } },
    "DELETE /api/v1/members/[id]": { params: { id: ids.member } },
    "DELETE /api/v1/members/invitations/[id]": { params: { id: ids.invitation } },
    "GET /api/v1/layouts/[id]": { params: { id: ids.layout } },
    "PUT /api/v1/layouts/[id]": { params: { id: ids.layout }, body: { headerText: "Changed by B" } },
    "DELETE /api/v1/layouts/[id]": { params: { id: ids.layout } },
    "POST /api/v1/layouts/[id]/default": { params: { id: ids.layout } },
    "DELETE /api/v1/images/[id]": { params: { id: ids.image } },
  };
}

let a: World;
let b: Awaited<ReturnType<typeof makeAccount>>;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
  a = await makeWorld();
  b = await makeAccount();
  await getDb().account.update({ where: { id: b.accountId }, data: { rateLimitPerSecond: 100_000, rateLimitBurst: 100_000 } });
}, 120_000);

afterAll(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

/** Everything of A's that B's calls could touch, as A's own key reads it. */
async function snapshotOfA() {
  const { ids, key } = a;
  const read = async (handler: RouteHandler, path: string, params: Record<string, string> = {}) => {
    const res = await call(handler, { path, key, params });
    return { status: res.status, json: res.json };
  };
  return {
    automation: await read(automationRoute, "/", { id: ids.automation }),
    enrollments: await read(enrollmentsRoute, "/", { id: ids.automation }),
    testRun: await read(testRunRoute, "/", { id: ids.automation, runId: ids.testRun }),
    contact: await read(contactRoute, "/", { id: ids.contact }),
    contacts: await read(contactsRoute, "/api/v1/contacts?limit=100"),
    contactImport: await read(importRoute, "/", { id: ids.contactImport }),
    domain: await read(domainRoute, "/", { id: ids.domain }),
    email: await read(emailRoute, "/", { id: ids.email }),
    scheduledEmail: await read(emailRoute, "/", { id: ids.scheduledEmail }),
    inboxMessage: await read(inboxRoute, "/", { id: ids.inboxMessage }),
    receivedEmail: withoutLinks(await read(receivedAttachmentsRoute, "/", { id: ids.receivedEmail })),
    list: await read(listRoute, "/", { id: ids.list }),
    template: await read(templateRoute, "/", { id: ids.template }),
    webhook: await read(webhookRoute, "/", { id: ids.webhook }),
    deliveries: await read(deliveriesRoute, "/", { id: ids.webhook }),
    apiKeys: withoutOwnKeyUse(await read(apiKeysRoute, "/api/v1/api-keys?limit=100")),
    suppressions: await read(suppressionsRoute, `/api/v1/suppressions?email=${encodeURIComponent(a.suppressedEmail)}`),
    credits: await read(creditsRoute, "/"),
    broadcast: await read(broadcastRoute, "/", { id: ids.broadcast }),
    scheduledBroadcast: await read(broadcastRoute, "/", { id: ids.scheduledBroadcast }),
    contactEvents: await read(contactEventsRoute, "/", { id: ids.contact }),
    contactActivity: await read(contactActivityRoute, "/", { id: ids.contact }),
    topic: await read(topicRoute, "/", { id: ids.topic }),
    contactTopics: await read(contactTopicsRoute, "/", { id: ids.contact }),
    contactProperty: await read(contactPropertyRoute, "/", { id: ids.contactProperty }),
    eventDefinition: await read(eventDefinitionRoute, "/", { identifier: ids.eventDefinition }),
    contactSegments: await read(contactSegmentsRoute, "/", { id: ids.contact }),
    requestLog: await read(requestLogRoute, "/", { id: ids.requestLog }),
    members: await read(membersRoute, "/api/v1/members"),
    invitations: await read(invitationsRoute, "/api/v1/members/invitations"),
    layout: await read(layoutRoute, "/", { id: ids.layout }),
    images: await read(imagesRoute, "/api/v1/images"),
  };
}

/** Download links are signed anew at each read (their expiry moves): only the records are compared. */
function withoutLinks(res: { status: number; json: { data?: { download_url?: string; expires_at?: string }[] } }) {
  for (const item of res.json.data ?? []) {
    delete item.download_url;
    delete item.expires_at;
  }
  return res;
}

/** The key these reads use marks its own lastUsedAt: A's doing, not B's, so it is left out. */
function withoutOwnKeyUse(res: { status: number; json: { data?: { id: string; lastUsedAt?: unknown }[] } }) {
  for (const k of res.json.data ?? []) if (k.id === a.keyId) delete k.lastUsedAt;
  return res;
}

// A's state as the test just before left it, when that test ended with its unchanged check: the
// tests run one after another and nothing else writes to A between them, so it is the next
// test's "before" without reading everything again. Any other test (or a failure) leaves none.
let carried: Awaited<ReturnType<typeof snapshotOfA>> | undefined;
let leftBy: typeof carried;
beforeEach(() => {
  carried = leftBy;
  leftBy = undefined;
});

async function expectNotFoundAndUnchanged(run: () => Promise<{ status: number; json: unknown }>) {
  const before = carried ?? (await snapshotOfA());
  for (const [name, value] of Object.entries(before)) expect(value.status, `A reads its ${name}`).toBe(200);
  const res = await run();
  expect(res.status, JSON.stringify(res.json)).toBe(404);
  expect(res.json).toMatchObject({ error: { code: "not_found" } });
  const after = await snapshotOfA();
  expect(after).toEqual(before);
  leftBy = after;
}

const cases = LOADED.flatMap(({ route, handlers }) =>
  METHODS.filter((m) => handlers[m]).map((method: Method) => ({ route, method, handler: handlers[method]! })),
);

describe("cross-account: B's key on A's records", () => {
  it("has a request for every method of every [id] route, and none for a route that is gone", () => {
    const names = cases.map(({ route, method }) => `${method} ${route.pattern}`);
    const fixture = Object.keys(requests({ ids: { steps: [] } } as unknown as World));
    expect(
      names.filter((n) => !fixture.includes(n)),
      "[id] routes without a cross-account request",
    ).toEqual([]);
    expect(
      fixture.filter((n) => !names.includes(n)),
      "requests for routes that no longer exist",
    ).toEqual([]);
  });

  for (const { route, method, handler } of cases) {
    const name = `${method} ${route.pattern}`;
    it(`${name} is 404 and changes nothing`, async () => {
      const request = requests(a)[name];
      expect(request, `no cross-account request for ${name}`).toBeDefined();
      await expectNotFoundAndUnchanged(() =>
        call(handler, {
          method,
          path: request.query ? `${route.pattern}?${new URLSearchParams(request.query)}` : route.pattern,
          key: b.key,
          params: request.params,
          body: request.body,
        }),
      );
    });
  }

  // Records addressed by a query parameter rather than a path segment.
  it("DELETE /api/v1/api-keys?id=<A's key> is 404 and changes nothing", async () => {
    for (const id of [a.ids.apiKey, a.ids.ownKey]) {
      await expectNotFoundAndUnchanged(() => call(revokeKeyRoute, { method: "DELETE", path: `/api/v1/api-keys?id=${id}`, key: b.key }));
    }
  });

  it("DELETE /api/v1/api-keys/<A's key> is 404 and changes nothing, for its own key too", async () => {
    const { DELETE } = await import("@/app/api/v1/api-keys/[id]/route");
    for (const id of [a.ids.apiKey, a.ids.ownKey]) {
      await expectNotFoundAndUnchanged(() => call(DELETE, { method: "DELETE", path: "/", key: b.key, params: { id } }));
    }
  });

  // Resend's SDK addresses a contact by its email address in the path, too.
  it("GET, PATCH and DELETE /api/v1/contacts/<A's contact's email> are 404 and change nothing", async () => {
    const { GET, PATCH, DELETE } = await import("@/app/api/v1/contacts/[id]/route");
    const params = { id: a.contactEmail };
    await expectNotFoundAndUnchanged(() => call(GET, { path: "/", key: b.key, params }));
    await expectNotFoundAndUnchanged(() =>
      call(PATCH, { method: "PATCH", path: "/", key: b.key, params, body: { first_name: "Mallory", unsubscribed: true } }),
    );
    await expectNotFoundAndUnchanged(() => call(DELETE, { method: "DELETE", path: "/", key: b.key, params }));
  });

  it("DELETE /api/v1/suppressions?email=<A's suppressed address> is 404 and changes nothing", async () => {
    await expectNotFoundAndUnchanged(() =>
      call(liftSuppressionRoute, {
        method: "DELETE",
        path: `/api/v1/suppressions?email=${encodeURIComponent(a.suppressedEmail)}`,
        key: b.key,
      }),
    );
  });
});
