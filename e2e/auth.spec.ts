import { expect, test } from "./fixtures";

test("[AUTH]: a wrong password shows an error; sign-out returns to login; signing in lands on the page asked for", async ({
  page,
  account,
}) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);

  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Incorrect email or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);

  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Get started", level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary").getByText(account.email)).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

  // The session is gone, not just the page: the dashboard sends us back, and signing in again
  // lands on the page we asked for, with its query.
  await page.goto("/emails?status=delivered");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Femails%3Fstatus%3Ddelivered$/);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/emails\?status=delivered$/);
  await expect(page.getByRole("heading", { name: "Emails", level: 1 })).toBeVisible();
});
