import type { Page } from "@playwright/test";
import { expect, signIn, test, type TestAccount } from "./fixtures";
import { shotIfAsked } from "./shots";

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const SANDBOX_FROM = "onboarding@sandbox.mailwright.test";

/** One of each record, made through the API as a user's first day would: every detail page has something to show. */
async function seed(page: Page, account: TestAccount, baseURL: string) {
  const headers = { origin: baseURL };
  async function post<T>(url: string, data: unknown): Promise<T> {
    const response = await page.request.post(url, { data, headers });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  }
  await post("/api/v1/api-keys", { name: "Production server" });
  const list = await post<{ id: string }>("/api/v1/lists", { name: "Newsletter subscribers" });
  // A long address: it must wrap, not push the page sideways.
  const contact = await post<{ id: string }>("/api/v1/contacts", {
    email: "ada.lovelace.with.a.long.address@example.com",
    first_name: "Ada",
  });
  await post(`/api/v1/lists/${list.id}/contacts`, { contactId: contact.id });
  const template = await post<{ id: string }>("/api/v1/templates", {
    name: "Welcome email",
    subject: "Welcome to Acme",
    htmlBody: "<p>Hello {{name}}</p>",
  });
  const scenarios = (await (await page.request.get("/api/v1/automation-scenarios")).json()) as { data: unknown[] };
  const automation = await post<{ id: string }>("/api/v1/automations", scenarios.data[0]);
  // A branching automation (a journey): its page is the journey canvas, not the linear builder.
  const journey = await post<{ id: string }>("/api/v1/resend/automations", {
    name: "Onboarding by plan",
    steps: [
      { key: "start", type: "trigger", config: { event_name: "signed_up" } },
      { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
      { key: "pro_welcome", type: "send_email", config: { subject: "Welcome, pro", html: "<p>Hi</p>" } },
    ],
    connections: [
      { from: "start", to: "is_pro" },
      { from: "is_pro", to: "pro_welcome", type: "condition_met" },
    ],
  });
  const broadcast = await post<{ id: string }>("/api/v1/broadcasts", {
    name: "Spring launch",
    from: `Acme <${SANDBOX_FROM}>`,
    subject: "Spring is here",
    html: "<p>Hi</p>",
    listId: list.id,
  });
  const domain = await post<{ id: string }>("/api/v1/domains", { domain: `phone-${Date.now()}.example` });
  // A long address as the page's title: it must wrap.
  const webhook = await post<{ id: string }>("/api/v1/webhooks", {
    url: "https://hooks.example.com/mailwright/webhooks/deliveries/from-the-dashboard",
    events: ["email.delivered", "email.bounced"],
  });
  const email = await post<{ id: string }>("/api/v1/emails", {
    from: `Mailwright <${SANDBOX_FROM}>`,
    to: [account.email],
    subject: "Your first Mailwright email, with a subject long enough to need cutting short on a phone",
    html: "<p>It works!</p>",
  });
  return { list, contact, template, automation, journey, broadcast, domain, webhook, email };
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  // Lists and charts load after the first paint: measure the settled page.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width} px wide at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
}

test("[PHONE]: every dashboard page fits a 390 px screen without sideways scrolling", async ({ page, account, baseURL }) => {
  test.setTimeout(240_000);
  await signIn(page, account);
  const made = await seed(page, account, baseURL!);

  const pages = [
    "/overview",
    "/dashboard",
    "/emails",
    `/emails/${made.email.id}`,
    "/emails/scheduled",
    "/templates",
    "/templates/new",
    `/templates/${made.template.id}`,
    "/automations",
    "/automations/scenarios",
    `/automations/${made.automation.id}`,
    `/automations/${made.journey.id}`,
    "/broadcasts",
    "/broadcasts/new",
    `/broadcasts/${made.broadcast.id}`,
    "/contacts",
    `/contacts/${made.contact.id}`,
    "/lists",
    `/lists/${made.list.id}`,
    "/domains",
    `/domains/${made.domain.id}`,
    "/api-keys",
    "/webhooks",
    `/webhooks/${made.webhook.id}`,
    "/inbox",
    "/receiving",
    "/suppressions",
    "/logs",
    "/settings",
  ];
  for (const path of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      // The automation builder's title is its name field; every other page has a heading.
      const ready =
        path === `/automations/${made.automation.id}`
          ? page.getByRole("tab", { name: "Builder" })
          : page.getByRole("heading", { level: 1 }).first();
      await expect(ready).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    });
  }

  // A page's header buttons wrap rather than run past the screen's edge.
  await page.goto("/automations");
  const header = await page.getByRole("heading", { level: 1, name: "Automations" }).locator("xpath=../..").boundingBox();
  const newAutomation = await page.getByRole("button", { name: "New automation" }).boundingBox();
  expect(newAutomation!.x + newAutomation!.width).toBeLessThanOrEqual(header!.x + header!.width);

  // The key columns stay on screen: the log's subject, a key's status and its Revoke button.
  await page.goto("/emails");
  await expect(page.getByRole("link", { name: /Your first Mailwright email/ })).toBeInViewport();
  await page.goto("/api-keys");
  const key = page.getByRole("row", { name: /Production server/ });
  await expect(key.getByText("Active")).toBeInViewport();
  await expect(key.getByRole("button", { name: /Revoke/ })).toBeInViewport();
  await shotIfAsked(page, "phone-api-keys");

  // Picking a scenario scrolls to its preview, which a phone shows under every card.
  await page.goto("/automations/scenarios");
  const card = page.getByRole("list", { name: "Scenarios" }).getByRole("button").nth(4);
  const name = await card.locator("span").first().innerText();
  await card.click();
  // Below the sticky top bar, not under it.
  await expect.poll(async () => (await page.getByRole("heading", { level: 2, name }).boundingBox())!.y).toBeGreaterThan(56);
  await expect(page.getByRole("heading", { level: 2, name })).toBeInViewport();

  // Tapping a builder node scrolls to its editor, which a phone shows under the canvas.
  await page.goto(`/automations/${made.automation.id}`);
  await page.getByTestId("trigger-node").getByRole("button").click();
  const panel = page.getByRole("complementary", { name: "Node editor" });
  await expect(panel.getByRole("heading", { name: "Trigger" })).toBeInViewport();
  // Scrolled once the panel is filled: the whole trigger editor comes into view, not its first lines.
  await expect(panel).toBeInViewport({ ratio: 1 });
});

test("[PHONE]: the menu opens from the top bar, navigates and closes; the local-mode badge explains itself", async ({ page, account }) => {
  await signIn(page, account);

  // The sidebar's links are not on a phone's screen: the menu holds them.
  const menuButton = page.getByRole("button", { name: "Open menu" });
  await expect(menuButton).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  // Local mode, said on every page, with the step that turns on real delivery.
  const badge = page.getByRole("button", { name: "Local mode: nothing leaves this machine" });
  await expect(badge).toBeVisible();
  await badge.click();
  const explained = page.getByRole("region", { name: "Local mode" });
  await expect(explained).toContainText("MAIL_TRANSPORT=smtp");
  await expect(explained).toContainText("SMTP_URL");
  await expect(explained.getByRole("link", { name: "Verify a domain" })).toBeVisible();
  await expectNoSidewaysScroll(page, "/dashboard with the local-mode panel open");
  await page.keyboard.press("Escape");
  await expect(explained).toBeHidden();
  await expect(badge).toBeFocused();

  // Opened with the keyboard: grouped links, Escape closes and gives focus back.
  await menuButton.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  const nav = menu.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("list", { name: "Developers" }).getByRole("link")).toHaveText([
    "API keys",
    "Webhooks",
    "Logs",
    "API reference",
  ]);
  await expect(nav.getByRole("link", { name: "Get started" })).toHaveAttribute("aria-current", "page");
  await shotIfAsked(page, "phone-menu-open");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A link in the menu goes to its page and the menu closes behind it.
  await menuButton.click();
  await menu.getByRole("link", { name: "Emails" }).click();
  await expect(page).toHaveURL(/\/emails$/);
  await expect(page.getByRole("heading", { name: "Emails", level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();
  await menuButton.click();
  await expect(menu.getByRole("link", { name: "Emails" })).toHaveAttribute("aria-current", "page");
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
  await expect(badge).toBeVisible();
});
