import { createAccount, expect, signIn, test } from "./fixtures";

test("[DOCS]: a developer opens the API reference from the sidebar and reads an operation, section by section, offline", async ({
  page,
  request,
}) => {
  // Every request the page makes stays on this server: no CDN script, font or telemetry.
  const base = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1");
  const elsewhere: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.host !== base.host) elsewhere.push(req.url());
  });

  await signIn(page, await createAccount(request, "docs"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/, { timeout: 30_000 });

  // Rendered from GET /api/v1/openapi.json: the title, then every operation in one line under its section.
  await expect(page.getByRole("heading", { name: "Mailwright API" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("link", { name: /POST \/emails\/batch/ })).toBeAttached();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/api-reference.png` });

  // An operation's line leads to its section's page, at the operation, laid out in full.
  await page.getByRole("link", { name: /Send or schedule an email/ }).click();
  await expect(page).toHaveURL(/\/docs\/api\/emails#sendEmail$/);
  await expect(page.getByRole("heading", { name: "Emails", level: 1 })).toBeVisible();
  const send = page.locator("article#sendEmail");
  await expect(send.getByRole("heading", { name: "Send or schedule an email", level: 2 })).toBeInViewport();
  await expect(send.getByText(/API key scope: .*send:email/)).toBeVisible();
  await expect(send.getByRole("heading", { name: "Request body" })).toBeVisible();

  // The sections' list leads from one section to another; on a phone nothing is wider than the screen.
  const sections = page.getByRole("navigation", { name: "API sections" });
  await expect(sections.getByRole("link", { name: "Emails" })).toHaveAttribute("aria-current", "page");
  await sections.getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(/\/docs\/api\/webhooks$/);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Create a webhook", level: 2 })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/api-reference-390.png` });

  // A section that does not exist is a 404, not an empty page.
  expect((await page.request.get("/docs/api/no-such-section")).status()).toBe(404);

  expect(elsewhere).toEqual([]);
});
