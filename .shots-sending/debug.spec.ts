import { createAccount, expect, signIn, test } from "../e2e/fixtures";

test("debug srcdoc", async ({ page, request, baseURL }) => {
  const account = await createAccount(request, "dbg");
  await signIn(page, account);
  await page.goto("/templates/new");
  await page.getByLabel("Name", { exact: true }).fill("Dbg");
  await page.getByLabel("{{name}}").fill("Ada");
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page).toHaveURL(/tpl_/);
  await page.waitForTimeout(1000);
  const attr1 = await page.locator('iframe[title="Email preview"]').getAttribute("srcdoc");
  console.log("client-nav attr has Ada:", attr1?.includes("Ada"), "frame text:", await page.frameLocator('iframe[title="Email preview"]').locator("h1").textContent());
  await page.reload();
  await expect(page.getByLabel("{{name}}")).toHaveValue("Ada");
  await page.waitForTimeout(1000);
  const attr2 = await page.locator('iframe[title="Email preview"]').getAttribute("srcdoc");
  console.log("reload attr has Ada:", attr2?.includes("Ada"), "frame text:", await page.frameLocator('iframe[title="Email preview"]').locator("h1").textContent());
});
