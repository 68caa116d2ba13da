import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { expectNoSeriousA11yViolations } from "./axe";
import { shotIfAsked } from "./shots";

test("[SUPPRESSIONS]: bounced and complaining addresses are listed, searched and lifted", async ({ page, account, dns, baseURL }) => {
  // Delivery runs in the worker; a job that hits a transient error is retried 30 s later.
  test.setTimeout(120_000);
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const headers = { origin: baseURL! };

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Suppressions" }).click();
  await expect(page).toHaveURL(/\/suppressions$/);
  await expect(page.getByText("No suppressed addresses")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const sent = await page.request.post("/api/v1/emails", {
    data: { from: `Acme <hello@${domain}>`, to: ["bounced@simulator.test", "complained@simulator.test"], subject: "Hi", text: "x" },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The worker delivers within seconds: the bounce and the complaint suppress their addresses.
  const table = page.getByRole("table", { name: "Suppressed addresses, newest first" });
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole("row")).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const bounced = table.getByRole("row", { name: /bounced@simulator\.test/ });
  const complained = table.getByRole("row", { name: /complained@simulator\.test/ });
  await expect(bounced.getByText("Hard bounce")).toBeVisible();
  await expect(complained.getByText("Complaint")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shotIfAsked(page, "suppressions-list");

  await page.getByRole("searchbox", { name: "Search suppressions by address" }).fill("COMPLAINED");
  await expect(bounced).toHaveCount(0);
  await expect(complained).toBeVisible();
  await page.getByRole("searchbox", { name: "Search suppressions by address" }).fill("nobody-here");
  await expect(page.getByText("No addresses match")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(bounced).toBeVisible();

  await page.getByRole("button", { name: "Lift suppression of bounced@simulator.test" }).click();
  const confirm = page.getByRole("dialog", { name: "Lift suppression" });
  await expect(confirm).toContainText("bounced@simulator.test");
  await expectNoSeriousA11yViolations(page);
  await shotIfAsked(page, "suppressions-lift-dialog");
  await confirm.getByRole("button", { name: "Lift suppression" }).click();
  await expect(confirm).toBeHidden();
  await expect(bounced).toHaveCount(0);
  await expect(complained).toBeVisible();

  // Lifted for real: the API no longer lists it.
  const listed = await page.request.get("/api/v1/suppressions", { headers });
  const emails = ((await listed.json()) as { data: { email: string }[] }).data.map((s) => s.email);
  expect(emails).toEqual(["complained@simulator.test"]);
});
