import path from "node:path";
import { createAccount, expect, signIn, test } from "./fixtures";

// A tour of the main screens for people reviewing the UI: SCREENSHOT_DIR=/tmp/shots npx
// playwright test screenshots. playwright.config.ts leaves it out of ordinary runs.
const dir = process.env.SCREENSHOT_DIR ?? "/tmp/shots";
const shot = (name: string) => ({ path: path.join(dir, `${name}.png`), fullPage: true });

test("[UI]: screenshots of the main screens", async ({ page, request }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await page.screenshot(shot("01-login"));

  await page.goto("/signup");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Name is required", { exact: false })).toBeVisible();
  await page.screenshot(shot("02-signup-errors"));

  const account = await createAccount(request, "shots");
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Incorrect email or password.")).toBeVisible();
  await page.screenshot(shot("03-login-error"));

  await signIn(page, account);
  await page.screenshot(shot("04-dashboard-home"));

  await page.goto("/api-keys");
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await page.screenshot(shot("05-api-keys-empty"));

  await page.getByRole("button", { name: "Create API key" }).first().click();
  const create = page.getByRole("dialog", { name: "Create API key" });
  await create.getByLabel("Name", { exact: true }).fill("Production server");
  await page.screenshot(shot("06-create-dialog"));
  await create.getByRole("button", { name: "Create key" }).click();
  const reveal = page.getByRole("dialog", { name: "Your new API key" });
  await expect(reveal).toBeVisible();
  await page.screenshot(shot("07-key-shown-once"));
  await reveal.getByRole("button", { name: "Done" }).click();

  for (const [name, scope] of [
    ["Staging", /Full access/],
    ["Marketing site", /Sending access/],
  ] as const) {
    await page.getByRole("button", { name: "Create API key" }).first().click();
    await create.getByLabel("Name", { exact: true }).fill(name);
    await create.getByRole("radio", { name: scope }).check();
    await create.getByRole("button", { name: "Create key" }).click();
    await reveal.getByRole("button", { name: "Done" }).click();
  }
  await page
    .getByRole("row", { name: /Staging/ })
    .getByRole("button", { name: /Revoke/ })
    .click();
  const confirm = page.getByRole("dialog", { name: "Revoke API key" });
  await expect(confirm).toBeVisible();
  await page.screenshot(shot("08-revoke-confirm"));
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("row", { name: /Staging/ }).getByText("Revoked")).toBeVisible();
  await page.screenshot(shot("09-api-keys-list"));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot(shot("10-api-keys-mobile"));
  await page.goto("/dashboard");
  await page.screenshot(shot("11-dashboard-mobile"));
});
