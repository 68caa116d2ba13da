import { mkdirSync } from "node:fs";
import { expect, signIn, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { createVerifiedDomain } from "./dns";

// Every detail page, with a real record behind it, checked by axe (WCAG 2.1 A and AA) once its
// data has loaded. DETAIL_SHOTS_DIR keeps a screenshot of each.
const SHOTS = process.env.DETAIL_SHOTS_DIR;

test("[A11Y]: detail pages (email, automation, domain, webhook, contact, list, segment, broadcast, template) have no serious or critical axe violations", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(240_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await signIn(page, account);
  const headers = { origin: baseURL! };
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
    return (await response.json()) as { id: string };
  };

  const { id: domainId, domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const from = `Acme <hello@${domain}>`;
  const list = await post("/api/v1/lists", { name: "Readers" });
  const contact = await post("/api/v1/contacts", { email: "ada@example.com", name: "Ada Lovelace", properties: { plan: "pro" } });
  await post(`/api/v1/lists/${list.id}/contacts`, { contactId: contact.id });
  const template = await post("/api/v1/templates", { name: "Welcome", subject: "Hi {{name}}", htmlBody: "<p>Hello {{name}}</p>" });
  const email = await post("/api/v1/emails", { from, to: "ada@example.com", subject: "Hello Ada", html: "<p>Hello</p>" });
  const automation = await post("/api/v1/automations", {
    name: "Onboarding",
    from,
    triggerType: "event",
    triggerConfig: { eventName: "signed_up" },
    steps: [{ delayMinutes: 0, subject: "Welcome", bodyHtml: "<p>Welcome</p>" }],
  });
  const webhook = await post("/api/v1/webhooks", { url: "https://example.com/hooks/mailwright" });
  const broadcast = await post("/api/v1/broadcasts", {
    name: "Spring news",
    from,
    subject: "Spring",
    html: "<p>News</p>",
    listId: list.id,
  });
  const segment = await post("/api/v1/segments", {
    name: "Pro readers",
    filter: { type: "and", rules: [{ type: "rule", field: "plan", operator: "eq", value: "pro" }] },
  });

  const pages = [
    [`/emails/${email.id}`, "email"],
    [`/automations/${automation.id}`, "automation"],
    [`/domains/${domainId}`, "domain"],
    [`/webhooks/${webhook.id}`, "webhook"],
    [`/contacts/${contact.id}`, "contact"],
    [`/lists/${list.id}`, "list"],
    [`/segments/${segment.id}`, "segment"],
    [`/broadcasts/${broadcast.id}`, "broadcast"],
    [`/templates/${template.id}`, "template"],
  ] as const;
  for (const [path, name] of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      // Some detail pages title themselves with an editable name, not a heading: the main region it is.
      await expect(page.locator("main#content")).toBeVisible();
      await page.waitForLoadState("networkidle").catch(() => {});
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/detail-${name}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, { soft: true });
    });
  }
});

test("[DETAIL PAGES]: a link to a record that does not exist says so, with no Try again", async ({ page, account, baseURL }) => {
  await signIn(page, account);
  const created = await page.request.post("/api/v1/templates", {
    data: { name: "Gone soon", subject: "Hi", htmlBody: "<p>Hi</p>" },
    headers: { origin: baseURL! },
  });
  expect(created.status()).toBe(201);
  const { id: templateId } = (await created.json()) as { id: string };
  const deleted = await page.request.delete(`/api/v1/templates/${templateId}`, { headers: { origin: baseURL! } });
  expect(deleted.ok()).toBe(true);

  // Well-formed ids of records that are not in this account.
  const missing = (prefix: string) => `${prefix}_0VbtUzI500159yU8geGps4fs`;
  const pages = [
    [`/templates/${templateId}`, "Template not found"],
    [`/emails/${missing("em")}`, "Email not found"],
    [`/domains/${missing("dom")}`, "Domain not found"],
    [`/webhooks/${missing("wh")}`, "Webhook not found"],
    [`/contacts/${missing("con")}`, "Contact not found"],
    [`/broadcasts/${missing("bc")}`, "Broadcast not found"],
  ] as const;
  for (const [path, title] of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      const alert = page.getByRole("alert").filter({ hasText: title });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole("button", { name: "Try again" })).toHaveCount(0);
    });
  }

  // A path that is no page at all: a 404 in the product's look, with the way back.
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
