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
