import { expect, signIn, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";

// Every signed-in page the e2e suite visits, checked by axe against WCAG 2.1 A and AA.
const PAGES = [
  "/dashboard",
  "/overview",
  "/templates",
  "/templates/new",
  "/settings",
  "/api-keys",
  "/automations",
  "/emails",
  "/contacts",
  "/lists",
  "/suppressions",
  "/domains",
  "/webhooks",
  "/broadcasts",
  "/inbox",
];

test("[A11Y]: signed-in pages have no serious or critical axe violations", async ({ page, account }) => {
  test.setTimeout(300_000);
  await signIn(page, account);
  for (const path of PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      // Lists load after the first paint: check the settled page, not its skeleton.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, { soft: true });
    });
  }
});

test("[A11Y]: the first Tab reaches 'Skip to content', which moves focus to the page", async ({ page, account }) => {
  await signIn(page, account);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#content")).toBeFocused();
});

test("[A11Y]: pages still loading (their data held back) have no serious or critical axe violations", async ({ page, account }) => {
  test.setTimeout(180_000);
  await signIn(page, account);
  // The API's answers never come: each page stays on its loading placeholder while axe looks.
  await page.route("**/api/v1/**", () => {});
  const id = "0VbtUzI500159yU8geGps4fs";
  const loading = [
    "/settings",
    "/emails",
    "/overview",
    `/emails/em_${id}`,
    `/automations/aut_${id}`,
    `/domains/dom_${id}`,
    `/webhooks/wh_${id}`,
    `/contacts/con_${id}`,
    `/lists/lst_${id}`,
    `/broadcasts/bc_${id}`,
    `/templates/tpl_${id}`,
  ];
  for (const path of loading) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, { soft: true });
    });
  }
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test.describe("the axe check itself", () => {
  test.use({ axe: false });
  test("[A11Y]: the check fails on a page with serious violations, even under a CSP that forbids scripts", async ({ page }) => {
    // A page of our own making, served by the browser's router: an unnamed button (critical) and
    // an image without alt text (critical), under a policy that would block an injected script tag.
    await page.route("http://a11y-check.test/", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<html lang="en"><head><title>check</title><meta http-equiv="Content-Security-Policy" content="script-src 'none'"></head>
          <body><main><h1>Check</h1><button></button><img src="/missing.png"></main></body></html>`,
      }),
    );
    await page.goto("http://a11y-check.test/");
    const failure = await expectNoSeriousA11yViolations(page).then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failure).toContain("critical button-name");
    expect(failure).toContain("critical image-alt");
  });
});
