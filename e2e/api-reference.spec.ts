import { createAccount, expect, signIn, test } from "./fixtures";

test("[DOCS]: a developer opens the API reference from the sidebar and reads an operation, offline", async ({ page, request }) => {
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

  // Rendered from GET /api/v1/openapi.json: the title, a tag and an operation with its path.
  await expect(page.getByRole("heading", { name: "Mailwright API" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Send or schedule an email").first()).toBeVisible();
  await expect(page.getByText("/emails/batch").first()).toBeAttached();
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/api-reference.png` });

  // A section link leads to its operations; on a phone nothing is wider than the screen.
  await page.getByRole("navigation", { name: "API sections" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(/#webhooks$/);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 2 })).toBeInViewport();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name: "Mailwright API" })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/api-reference-390.png` });

  expect(elsewhere).toEqual([]);
});
