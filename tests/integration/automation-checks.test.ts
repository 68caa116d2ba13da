import { describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/v1/automations/route";
import { PATCH as patchRoute } from "@/app/api/v1/automations/[id]/route";
import { POST as activateRoute } from "@/app/api/v1/automations/[id]/activate/route";
import { GET as checksRoute } from "@/app/api/v1/automations/[id]/checks/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as createContactRoute } from "@/app/api/v1/contacts/route";
import { GET as propertiesRoute } from "@/app/api/v1/contacts/properties/route";
import { POST as createTemplateRoute } from "@/app/api/v1/templates/route";
import { PUT as putAccountRoute } from "@/app/api/v1/account/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { call, makeAccount } from "../helpers/api";
import { withEnv } from "../helpers/with-env";
import { makeVerifiedDomain } from "../helpers/domains";

const UNSUBSCRIBE = `<a href="{{unsubscribe_url}}">Unsubscribe</a>`;

const body = (extra: Record<string, unknown> = {}) => ({
  name: "Newsletter welcome",
  triggerType: "list_join",
  triggerConfig: { listName: "Newsletter" },
  steps: [{ delayMinutes: 0, subject: "Welcome {{name}}", bodyHtml: `<p>Hi {{name}}</p>${UNSUBSCRIBE}` }],
  ...extra,
});

const create = async (key: string, b: unknown = body()) => {
  const res = await call(createRoute, { method: "POST", path: "/api/v1/automations", key, body: b });
  expect(res.status).toBe(201);
  return res.json as { id: string; steps: { id: string }[] };
};
const checks = (key: string, id: string) => call(checksRoute, { path: "/", key, params: { id } });
const activate = (key: string, id: string) => call(activateRoute, { method: "POST", path: "/", key, params: { id } });
const codes = (items: { code: string }[]) => items.map((i) => i.code);

describe("automation checks: blockers with fixes, and warnings", () => {
  // With a real transport (mail leaves the machine): the sender rules of local mode are in
  // tests/integration/local-mode.test.ts.
  it("refuses activation with plain-language blockers and a fix each; fixing them lets it activate", async () => {
    const { key, accountId } = await makeAccount();
    await withEnv({ MAIL_TRANSPORT: "smtp", SMTP_URL: "smtp://127.0.0.1:9" }, async () => {
      const automation = await create(key);

      // No domain at all, no list: the sender's fix is to verify a domain (a blocker); the missing
      // list is a warning whose fix creates it (the spec activates any existing automation).
      const before = await checks(key, automation.id);
      expect(before.status).toBe(200);
      expect(before.json.blockers).toEqual([
        {
          code: "no_sender",
          path: "from",
          message: expect.stringContaining("no sender"),
          fix: { action: "verify_domain", label: "Verify a domain", href: "/domains" },
        },
      ]);
      expect(before.json.warnings).toEqual([
        {
          code: "list_missing",
          path: "triggerConfig.listName",
          message: expect.stringContaining("no list named Newsletter"),
          fix: { action: "create_list", label: "Create the list Newsletter", listName: "Newsletter" },
        },
      ]);

      const refused = await activate(key, automation.id);
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe("validation_error");
      // The documented details stay {path, message}; blockers repeat them with code and fix.
      expect(refused.json.error.details).toEqual(
        before.json.blockers.map(({ path, message }: { path: string; message: string }) => ({ path, message })),
      );
      expect(refused.json.error.blockers).toEqual(before.json.blockers);

      // A verified domain: now the fix is to choose a sender (the default is still empty here).
      const domain = await makeVerifiedDomain(accountId);
      expect((await checks(key, automation.id)).json.blockers[0]).toMatchObject({
        code: "no_sender",
        fix: { action: "choose_sender", label: "Choose a sender" },
      });
      // A sender on a domain that is not verified is named as such.
      await call(patchRoute, { method: "PATCH", path: "/", key, params: { id: automation.id }, body: { from: "hi@elsewhere.example" } });
      expect((await checks(key, automation.id)).json.blockers[0]).toMatchObject({
        code: "sender_not_verified",
        message: expect.stringContaining("elsewhere.example"),
        fix: { action: "choose_sender" },
      });

      // Apply the fixes as the dashboard's buttons do.
      await call(patchRoute, { method: "PATCH", path: "/", key, params: { id: automation.id }, body: { from: `hello@${domain.domain}` } });
      expect((await checks(key, automation.id)).json).toMatchObject({ blockers: [], warnings: [{ code: "list_missing" }] });
      const list = await call(createListRoute, { method: "POST", path: "/api/v1/lists", key, body: { name: "Newsletter" } });
      expect(list.status).toBe(201);
      expect((await checks(key, automation.id)).json).toEqual({ blockers: [], warnings: [] });
      const activated = await activate(key, automation.id);
      expect(activated.status).toBe(200);
      expect(activated.json.status).toBe("active");
    });
  });

  it("activates a list_join automation whose list does not exist yet, with the missing list as a warning", async () => {
    const { key, accountId } = await makeAccount();
    const domain = await makeVerifiedDomain(accountId);
    const automation = await create(key, body({ from: `hello@${domain.domain}` }));
    expect(codes((await checks(key, automation.id)).json.warnings)).toEqual(["list_missing"]);
    const activated = await activate(key, automation.id);
    expect(activated.status).toBe(200);
    expect(activated.json.status).toBe("active");
  });

  it("names a step whose template is not the account's, with an edit fix for that step", async () => {
    const { key, accountId } = await makeAccount();
    const domain = await makeVerifiedDomain(accountId);
    const template = await call(createTemplateRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key,
      body: { name: "T", subject: "s", htmlBody: `<p>b</p>${UNSUBSCRIBE}` },
    });
    const automation = await create(
      key,
      body({
        from: `hello@${domain.domain}`,
        triggerType: "event",
        triggerConfig: { eventName: "signup" },
        steps: [{ delayMinutes: 0, templateId: template.json.id }],
      }),
    );
    expect((await checks(key, automation.id)).json).toEqual({ blockers: [], warnings: [] });
    // The step now points at a template that is not this account's (behind the API's back).
    const stranger = await makeAccount();
    const theirs = await call(createTemplateRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key: stranger.key,
      body: { name: "Theirs", subject: "s", htmlBody: `<p>b</p>${UNSUBSCRIBE}` },
    });
    await getDb().automationStep.updateMany({ where: { automationId: automation.id }, data: { templateId: theirs.json.id } });
    const res = await checks(key, automation.id);
    expect(res.json.blockers).toEqual([
      expect.objectContaining({
        code: "template_missing",
        path: "steps.0.templateId",
        fix: { action: "edit_step", stepId: automation.steps[0].id, label: "Choose a template for email 1" },
      }),
    ]);
  });

  it("warns, without blocking, about an email with no unsubscribe link and another active automation with the same trigger", async () => {
    const { key, accountId } = await makeAccount();
    const domain = await makeVerifiedDomain(accountId);
    await call(createListRoute, { method: "POST", path: "/api/v1/lists", key, body: { name: "Newsletter" } });
    const from = `hello@${domain.domain}`;
    const first = await create(key, body({ from, name: "First" }));
    expect((await activate(key, first.id)).status).toBe(200);

    const second = await create(
      key,
      body({
        from,
        name: "Second",
        steps: [
          { delayMinutes: 0, subject: "One", bodyHtml: `<p>One</p>${UNSUBSCRIBE}` },
          // The variable as text is not a link a reader can click.
          { delayMinutes: 60, subject: "Two", bodyHtml: "<p>Two {{unsubscribe_url}}</p>" },
        ],
      }),
    );
    // Another automation on a different list is not the same trigger.
    await create(key, body({ from, name: "Other list", triggerConfig: { listName: "Other" } }));

    const res = await checks(key, second.id);
    expect(res.json.blockers).toEqual([]);
    expect(res.json.warnings).toEqual([
      {
        code: "no_unsubscribe_link",
        path: "steps.1",
        message: expect.stringContaining("Email 2 has no visible unsubscribe link"),
        fix: { action: "edit_step", stepId: second.steps[1].id, label: "Edit email 2" },
      },
      {
        code: "same_trigger",
        path: "triggerConfig",
        message: expect.stringContaining("“First”"),
        fix: { action: "open_automation", label: "Open First", href: `/automations/${first.id}` },
      },
    ]);
    // Warnings never block.
    expect((await activate(key, second.id)).status).toBe(200);
  });

  it("warns that {{company}} would be sent empty until the account has a company name, in a step or its template", async () => {
    const { key } = await makeAccount();
    const template = await call(createTemplateRoute, {
      method: "POST",
      path: "/api/v1/templates",
      key,
      body: { name: "Tips", subject: "Tips from {{{ company }}}", htmlBody: `<p>Tips</p>${UNSUBSCRIBE}` },
    });
    const plain = await create(key);
    const withCompany = await create(
      key,
      body({
        steps: [
          { delayMinutes: 0, subject: "Welcome", bodyHtml: `<p>Welcome to {{company}}</p>${UNSUBSCRIBE}` },
          { delayMinutes: 60, templateId: template.json.id },
        ],
      }),
    );
    const fromTemplate = await create(key, body({ steps: [{ delayMinutes: 0, templateId: template.json.id }] }));
    expect(codes((await checks(key, plain.id)).json.warnings)).not.toContain("company_missing");
    for (const id of [withCompany.id, fromTemplate.id]) {
      const warning = (await checks(key, id)).json.warnings.find((w: { code: string }) => w.code === "company_missing");
      expect(warning).toEqual({
        code: "company_missing",
        path: "company",
        message: expect.stringContaining("no company name"),
        fix: { action: "open_settings", label: "Set your company name", href: "/settings" },
      });
    }
    expect((await call(putAccountRoute, { method: "PUT", path: "/api/v1/account", key, body: { companyName: "Acme" } })).status).toBe(200);
    expect(codes((await checks(key, withCompany.id)).json.warnings)).not.toContain("company_missing");
  });

  it("answers 404 for another account's automation", async () => {
    const owner = await makeAccount();
    const stranger = await makeAccount();
    const automation = await create(owner.key);
    expect((await checks(stranger.key, automation.id)).status).toBe(404);
    expect((await checks(owner.key, "aut_nope")).status).toBe(404);
  });
});

describe("GET /contacts/properties", () => {
  it("lists the account's property keys, the most used first, and nobody else's", async () => {
    const { key } = await makeAccount();
    const other = await makeAccount();
    const add = (k: string, properties: Record<string, unknown>) =>
      call(createContactRoute, {
        method: "POST",
        path: "/api/v1/contacts",
        key: k,
        body: { email: `c-${randomBase62(8).toLowerCase()}@example.com`, properties },
      });
    expect((await call(propertiesRoute, { path: "/api/v1/contacts/properties", key })).json).toEqual({ data: [] });
    await add(key, { plan: "pro", company: "Acme" });
    await add(key, { plan: "free", seats: 3 });
    await add(key, { plan: "free" });
    await add(key, {});
    await add(other.key, { secret_key: "x" });

    const res = await call(propertiesRoute, { path: "/api/v1/contacts/properties", key });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [
        { key: "plan", contacts: 3 },
        { key: "company", contacts: 1 },
        { key: "seats", contacts: 1 },
      ],
    });
  });
});
