import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorStatus } from "@/lib/api/errors";
import { resetEnvCache } from "@/lib/config/env";
import { setClock } from "@/lib/clock/clock";
import { setClockBodySchema } from "@/lib/clock/schemas";
import { GET as listScenariosRoute } from "@/app/api/v1/automation-scenarios/route";
import { getDb } from "@/lib/db/client";
import { call } from "../helpers/api";
import { makeWorld, type World } from "../helpers/world";
import { startDnsServer, type TestDnsServer } from "../helpers/dns-server";
import { fillPattern, findRoutes, loadRoute, METHODS, type Method, type RouteFile, type RouteHandler } from "../helpers/routes";
import { bodyArbitrary, isoDate, nastyString, queryArbitrary, toJsonSchema, toWellFormed, type Hints } from "../helpers/fuzz-inputs";

// The fuzz tier: every route under these folders, found on disk at test time, gets
// generated bodies, query strings and ids through its real handler against the real database.
// Whatever comes in, the answer is never a 5xx, and every error has the documented shape.
// FUZZ_RUNS sets the number of cases per route and method (default 100, fast-check's own; each
// run draws new ones from a fresh seed, printed with any failure). CI's PostgreSQL pass runs 200.

const RUNS = z.coerce
  .number()
  .int()
  .min(1)
  .default(100)
  .parse(process.env.FUZZ_RUNS || undefined);

const ROUTES = findRoutes(["app/api/v1", "app/api/signup", "app/api/dev", "app/api/cron", "app/t", "app/u"]);
const LOADED = await Promise.all(ROUTES.map(async (route) => ({ route, handlers: await loadRoute(route) })));

// Routes whose handler is picked per request (so carries no schema of its own): the schema of
// the handler they switch to.
const BODY_OVERRIDES: Record<string, z.ZodType> = {
  "POST /api/dev/clock": setClockBodySchema,
};

const errorShape = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

let world: World;
let dns: TestDnsServer;
const pools: Record<string, string[]> = {};

beforeAll(async () => {
  // Domain verification asks this loopback server (it knows no records): real queries, fast answers.
  dns = await startDnsServer();
  process.env.DNS_SERVERS = dns.address;
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
  world = await makeWorld();
  const scenarios = await call(listScenariosRoute, { path: "/api/v1/automation-scenarios?limit=100", key: world.key });
  const { ids, tokens } = world;
  // Real ids per the static segment before the dynamic one: the account's own resources.
  Object.assign(pools, {
    emails: [ids.email, ids.bouncedEmail, ids.scheduledEmail],
    domains: [ids.domain],
    templates: [ids.template],
    // A template's published versions (the world's template was published once, at creation).
    versions: (await getDb().templateVersion.findMany({ where: { templateId: ids.template }, select: { id: true } })).map((v) => v.id),
    layouts: [ids.layout],
    images: [ids.image],
    webhooks: [ids.webhook],
    deliveries: [ids.webhookDelivery],
    suppressions: [ids.suppression],
    // A contact is addressed by its email address too (Resend's SDK does).
    contacts: [ids.contact, world.contactEmail],
    // Never the key the fuzzing itself uses.
    "api-keys": [ids.apiKey],
    import: [ids.contactImport],
    inbox: [ids.inboxMessage],
    receiving: [ids.receivedEmail],
    attachments: [ids.receivedAttachment],
    lists: [ids.list],
    automations: [ids.automation],
    broadcasts: [ids.broadcast, ids.scheduledBroadcast],
    steps: ids.steps,
    "test-runs": [ids.testRun],
    enrollments: [ids.enrollment],
    topics: [ids.topic],
    "contact-properties": [ids.contactProperty],
    // A declared event is named by its id or its name (the resend SDK's identifier).
    events: [ids.eventDefinition, "plan_upgraded"],
    // Static segments are lists.
    segments: [ids.list],
    logs: [ids.requestLog],
    members: [ids.member],
    invitations: [ids.invitation],
    // The resend SDK's runs are an automation's real enrollments.
    runs: [ids.enrollment],
    "automation-scenarios": (scenarios.json.data as { id: string }[]).map((s) => s.id),
    c: [tokens.click],
    o: [tokens.open],
    u: [tokens.unsubscribe],
  });
}, 120_000);

afterAll(async () => {
  await dns.close();
  delete process.env.DNS_SERVERS;
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  delete process.env.ENABLE_TEST_CLOCK;
  resetEnvCache();
});

/** Values that get past validation into the domain code, per field name. */
function hints(): Hints {
  const recipient = fc.constantFrom(
    "delivered@simulator.test",
    "bounced@simulator.test",
    "soft-bounced+x@simulator.test",
    world.email,
    "a@example.com",
  );
  const ids = Object.values(pools).flat();
  const templateish = fc.constantFrom(
    "Hi {{name}}",
    "{{#items}}{{.}}{{/items}}",
    '<p>{{{raw}}}</p><a href="https://example.com/{{x}}">link</a>',
    '<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
    "{{name}}".repeat(2000),
  );
  return {
    from: fc.constantFrom(world.from, `hello@${world.domain.domain}`, "Acme <x@unverified.example>", "onboarding@sandbox.mailwright.test"),
    defaultFrom: fc.constantFrom(world.from, "x@unverified.example"),
    to: fc.oneof(recipient, fc.array(recipient, { minLength: 1, maxLength: 3 })),
    cc: recipient,
    bcc: recipient,
    reply_to: recipient,
    email: fc.oneof(recipient, fc.emailAddress()),
    template_id: fc.constantFrom(world.ids.template, "tpl_missing"),
    templateId: fc.constantFrom(world.ids.template, "tpl_missing"),
    contactId: fc.constantFrom(world.ids.contact, ...ids),
    listId: fc.constantFrom(world.ids.list, ...ids),
    id: fc.constantFrom(world.ids.apiKey, ...ids),
    automation_id: fc.constantFrom(world.ids.automation, ...ids),
    url: fc.constantFrom(
      "http://127.0.0.1:9/h",
      "https://example.com/hook",
      "ftp://example.com/",
      "http://169.254.169.254/",
      "http://[::1]:9/",
    ),
    scheduled_at: isoDate,
    now: isoDate,
    from_date: isoDate,
    subject: templateish,
    html: templateish,
    htmlBody: templateish,
    bodyHtml: templateish,
    text: templateish,
    domain: fc.oneof(fc.domain(), nastyString),
    listName: fc.constantFrom("Trial", "Other"),
    csv: fc.constantFrom("email,name\nzed@example.com,Zed\n", "email\n\u0000\n", "name\nno-email\n", '"unterminated\n'),
  };
}

/** Bodies each route accepts, for the routes a generated body rarely gets through. */
function examples(): Record<string, object> {
  const send = {
    from: world.from,
    to: ["delivered@simulator.test"],
    subject: "Hi {{name}}",
    html: '<p>x <a href="https://example.com/a">a</a></p>',
    tags: [{ name: "k", value: "v" }],
  };
  const step = { delayMinutes: 0, subject: "Welcome {{name}}", bodyHtml: "<p>Hi {{name}}</p>" };
  return {
    "POST /api/v1/emails": send,
    "POST /api/v1/emails/batch": [send, { ...send, to: "bounced@simulator.test" }],
    "POST /api/v1/automations": {
      name: "A",
      from: world.from,
      triggerType: "list_join",
      triggerConfig: { listName: "Trial" },
      steps: [step],
    },
    "POST /api/v1/automations/[id]/steps": step,
    "PATCH /api/v1/automations/[id]/steps/[stepId]": { subject: "Changed {{name}}" },
    "PUT /api/v1/automations/[id]/steps": { steps: [{ id: world.ids.steps[1], delayMinutes: 0 }, step] },
    "POST /api/v1/automations/[id]/activate": { enrollExisting: true },
    "POST /api/v1/automations/[id]/test-runs": { email: "delivered@simulator.test", name: "T", properties: { plan: "pro" } },
    "POST /api/v1/contacts": { email: "new@example.com", name: "N", properties: { plan: "pro", n: 1, ok: true } },
    "PATCH /api/v1/contacts/[id]": { name: "N", subscribed: true, properties: { plan: null } },
    "POST /api/v1/lists/[id]/contacts": { email: "member@example.com", name: "M" },
    "POST /api/v1/broadcasts": {
      name: "B",
      from: world.from,
      listId: world.ids.list,
      subject: "News {{name}}",
      html: "<p>Hi {{name}}</p>",
    },
    "PUT /api/v1/broadcasts/[id]": { name: "Renamed", subject: "S {{name}}" },
    "POST /api/v1/broadcasts/[id]/send": {},
    "POST /api/v1/events": { email: "evt@example.com", name: "signed_up", properties: { plan: "pro" } },
    "POST /api/v1/events/send": { event: "signed_up", email: "evt@example.com", payload: { plan: "pro" } },
    "POST /api/v1/resend/events": { name: "trial_started", schema: { days: "number" } },
    "PATCH /api/v1/resend/events/[identifier]": { schema: { plan: "string" } },
    "POST /api/v1/resend/automations": {
      name: "J",
      steps: [
        { key: "start", type: "trigger", config: { eventName: "signed_up" } },
        { key: "welcome", type: "send_email", config: { subject: "Welcome {{name}}", html: "<p>Hi {{name}}</p>" } },
      ],
      connections: [{ from: "start", to: "welcome" }],
    },
    "PATCH /api/v1/resend/automations/[id]": { name: "Renamed", reentry: "after_exit", cooldown: "7 days" },
    "POST /api/v1/contacts/import": { csv: "email,name,plan\nimp@example.com,Imp,pro\n", listId: world.ids.list },
  };
}

function paramArbitrary(route: RouteFile): fc.Arbitrary<Record<string, string>> {
  const all = Object.values(pools).flat();
  const shape: Record<string, fc.Arbitrary<string>> = {};
  for (const { name, after } of route.params) {
    const own = pools[after];
    // A new [param] route needs real ids here, or its fuzzing would only ever see 404s.
    if (!own?.length) throw new Error(`no real ids for [${name}] after "${after}" in ${route.pattern}: add them to the fuzz pools`);
    shape[name] = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...own) },
      { weight: 1, arbitrary: fc.constantFrom(...all) },
      { weight: 2, arbitrary: nastyString },
    );
  }
  return fc.record(shape);
}

interface Input {
  params: Record<string, string>;
  query: string;
  body?: { json?: unknown; raw?: string; contentType?: string };
}

async function invoke(route: RouteFile, method: Method, handler: RouteHandler, input: Input) {
  const headers: Record<string, string> = { authorization: `Bearer ${world.key}` };
  let body: string | undefined;
  if (input.body) {
    body = input.body.raw ?? JSON.stringify(input.body.json);
    const type = input.body.contentType ?? "application/json";
    if (type) headers["content-type"] = type;
  }
  const path = fillPattern(route.pattern, Object.fromEntries(Object.entries(input.params).map(([k, v]) => [k, toWellFormed(v)])));
  const req = new Request(`http://localhost${path}${input.query}`, { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(input.params) });
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", text: await res.text() };
}

function check(route: RouteFile, res: { status: number; contentType: string; text: string }) {
  expect(res.status, res.text.slice(0, 500)).toBeLessThan(500);
  if (!route.pattern.startsWith("/api/")) return;
  expect(res.contentType).toMatch(/^application\/json/);
  if (res.status < 400) return;
  const parsed = errorShape.safeParse(JSON.parse(res.text));
  expect(parsed.success, `error body ${res.text.slice(0, 500)}`).toBe(true);
  const code = parsed.data!.error.code as keyof typeof errorStatus;
  expect(errorStatus[code], `code ${code} is in the status table with this status`).toBe(res.status);
}

const cases = LOADED.flatMap(({ route, handlers }) =>
  METHODS.filter((m) => handlers[m]).map((method) => ({ route, method, handler: handlers[method]! })),
);
// Deletes last, so the other methods see the real resources before they are gone; nested ones
// (a step, a membership) before their parent's.
const order = (c: (typeof cases)[number]) => (c.method === "DELETE" ? 10 - c.route.params.length : 0);
cases.sort((a, b) => order(a) - order(b));

describe("fuzz: every route", () => {
  it("finds the routes and each exports a handler", () => {
    expect(ROUTES.length).toBeGreaterThan(40);
    for (const { route, handlers } of LOADED) expect(Object.keys(handlers), `${route.pattern} exports no method`).not.toHaveLength(0);
  });

  for (const { route, method, handler } of cases) {
    const name = `${method} ${route.pattern}`;
    it(
      name,
      async () => {
        const usesClock = route.pattern === "/api/dev/clock";
        if (usesClock) {
          process.env.ENABLE_TEST_CLOCK = "1";
          resetEnvCache();
        }
        try {
          const bodySchema = BODY_OVERRIDES[name] ?? handler.schemas?.body;
          const querySchema = handler.schemas?.query;
          const h = hints();
          const input = fc.record({
            params: paramArbitrary(route),
            query: queryArbitrary(querySchema ? toJsonSchema(querySchema) : undefined, h),
            body:
              method === "GET" || method === "DELETE"
                ? fc.constant(undefined)
                : bodyArbitrary(bodySchema ? toJsonSchema(bodySchema) : undefined, h, examples()[name]),
          });
          await fc.assert(
            fc.asyncProperty(input, async (value) => check(route, await invoke(route, method, handler, value))),
            { numRuns: RUNS },
          );
        } finally {
          if (usesClock) {
            await setClock({ now: new Date() });
            delete process.env.ENABLE_TEST_CLOCK;
            resetEnvCache();
          }
        }
      },
      Math.max(60_000, RUNS * 1000),
    );
  }
});
