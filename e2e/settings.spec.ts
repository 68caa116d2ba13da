import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";

// OVERVIEW_SHOTS_DIR=/tmp/shots-overview keeps screenshots of each settings section.
async function shot(page: Page, name: string, section?: string) {
  const dir = process.env.OVERVIEW_SHOTS_DIR;
  if (!dir) return;
  const target = section ? page.locator(`section#${section}`) : page;
  await target.screenshot({ path: path.join(dir, `${name}.png`), ...(section ? {} : { fullPage: true }) });
}

test("[SETTINGS]: change the company and tracking, see a wrong password refused, change it and sign in with the new one", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  await signIn(page, account);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  const form = page.getByRole("form", { name: "Account" });
  await expect(form.getByLabel("Your name")).toHaveValue(account.name);
  await expect(page.getByRole("region", { name: "Account", exact: true })).toContainText(`Signed in as ${account.email}`);
  const opens = form.getByRole("switch", { name: "Track opens" });
  const clicks = form.getByRole("switch", { name: "Track clicks" });
  await expect(opens).toBeChecked();
  await expect(clicks).toBeChecked();
  await expect(page.getByRole("region", { name: "SMTP" }).getByText("mailwright", { exact: true })).toBeVisible();
  await shot(page, "10-settings-page");
  await shot(page, "11-settings-account", "account");
  await shot(page, "13-settings-smtp", "smtp");

  await form.getByLabel("Company name").fill("Acme Rockets");
  await opens.uncheck();
  await clicks.uncheck();
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Changes saved")).toBeVisible();
  await page.reload();
  await expect(form.getByLabel("Company name")).toHaveValue("Acme Rockets");
  await expect(opens).not.toBeChecked();
  await expect(clicks).not.toBeChecked();
  await expect(form.getByRole("button", { name: "Save changes" })).toBeDisabled();

  // A default sender on a domain the account has not verified: the server's reason, on the field.
  await form.getByLabel("Default sender").fill("Acme <hello@not-verified.example>");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("not-verified.example is not a verified domain of this account", { exact: false })).toBeVisible();
  await form.getByRole("button", { name: "Discard" }).click();
  await expect(form.getByLabel("Default sender")).toHaveValue("");

  // With a verified domain, its addresses are offered, named after the company.
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  await page.reload();
  await form.getByRole("button", { name: `Acme Rockets <hello@${domain}>` }).click();
  await expect(form.getByLabel("Default sender")).toHaveValue(`Acme Rockets <hello@${domain}>`);
  await shot(page, "11-settings-account-sender", "account");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Changes saved")).toBeVisible();
  await page.reload();
  await expect(form.getByLabel("Default sender")).toHaveValue(`Acme Rockets <hello@${domain}>`);

  const password = page.getByRole("form", { name: "Change password" });
  await password.getByLabel("Current password").fill("not-my-password");
  await password.getByLabel("New password", { exact: true }).fill("brand-new-password-1");
  await password.getByLabel("Confirm new password").fill("brand-new-password-2");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("The passwords do not match", { exact: false })).toBeVisible();
  await password.getByLabel("Confirm new password").fill("brand-new-password-1");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText(/not your current password/i)).toBeVisible();
  await shot(page, "12-settings-password-error", "password");

  await password.getByLabel("Current password").fill(account.password);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
  await expect(page.getByText(/every session of your account has ended/)).toBeVisible();
  await shot(page, "14-settings-password-changed", "password");
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  // The old password no longer works; the new one does.
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Incorrect email or password.")).toBeVisible();
  await signIn(page, { email: account.email, password: "brand-new-password-1" });
});
