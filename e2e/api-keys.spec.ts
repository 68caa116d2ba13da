import { expect, test, uniqueEmail } from "./fixtures";
import { shotIfAsked } from "./shots";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("[API KEYS]: sign up, create a key, use it, revoke it and see it rejected", async ({ page, request }) => {
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Key Tester");
  await page.getByLabel("Work email", { exact: true }).fill(uniqueEmail("keys"));
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Get started", level: 1 })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(/\/api-keys$/);
  await expect(page.getByText("No API keys yet")).toBeVisible();

  // The dialog takes focus and Escape closes it.
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const create = page.getByRole("dialog", { name: "Create API key" });
  await expect(create.getByLabel("Name", { exact: true })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(create).toBeHidden();

  await page.getByRole("button", { name: "Create API key" }).first().click();
  await create.getByRole("button", { name: "Create key" }).click();
  await expect(create.getByText("Name is required")).toBeVisible();
  await create.getByLabel("Name", { exact: true }).fill("CI server");
  await create.getByRole("radio", { name: /Full access/ }).check();
  await create.getByRole("button", { name: "Create key" }).click();

  const reveal = page.getByRole("dialog", { name: "Your new API key" });
  await expect(reveal).toBeVisible();
  await expect(reveal.getByText("won't be shown again")).toBeVisible();
  const key = await reveal.getByLabel("API key", { exact: true }).inputValue();
  expect(key).toMatch(/^mw_[A-Za-z0-9]{40}$/);
  // Escape before the key was copied asks first: the key is shown this once.
  await page.keyboard.press("Escape");
  await expect(reveal.getByText("Close without copying your key?")).toBeVisible();
  await shotIfAsked(page, "api-key-close-confirm");
  await reveal.getByRole("button", { name: "Back to the key" }).click();
  await expect(reveal.getByText("Close without copying your key?")).toHaveCount(0);
  await reveal.getByRole("button", { name: "Copy" }).click();
  await expect(reveal.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await reveal.getByRole("button", { name: "Done" }).click();
  await expect(reveal).toBeHidden();

  const row = page.getByRole("row", { name: /CI server/ });
  await expect(row.getByText("Active")).toBeVisible();
  await expect(row.getByText("Full access")).toBeVisible();
  // The list shows the key's prefix, never the key.
  await expect(page.getByText(key)).toHaveCount(0);

  const auth = { Authorization: `Bearer ${key}` };
  const before = await request.get("/api/v1/api-keys", { headers: auth });
  expect(before.status()).toBe(200);
  expect(((await before.json()) as { data: { name: string }[] }).data.map((k) => k.name)).toContain("CI server");

  await row.getByRole("button", { name: /Revoke/ }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke API key" });
  await expect(confirm).toContainText("CI server");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByText("Revoked")).toBeVisible();
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  const after = await request.get("/api/v1/api-keys", { headers: auth });
  expect(after.status()).toBe(401);
});
