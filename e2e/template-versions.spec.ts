import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { expectNoSeriousA11yViolations } from "./axe";
import { shotsAtBothWidths } from "./shots";

test("[TEMPLATES]: save a draft, see where the template is used, publish it, then restore an earlier version", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  await signIn(page, account);
  await createVerifiedDomain(page.request, dns, baseURL!);
  const headers = { origin: baseURL! };
  const created = await page.request.post("/api/v1/templates", {
    data: {
      name: "Welcome",
      subject: "Welcome, {{name}}",
      htmlBody: '<p>Hi {{name}}, glad you are here.</p><a href="{{unsubscribe_url}}">Unsubscribe</a>',
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // An active automation sends it: publishing changes its emails.
  expect((await page.request.post("/api/v1/lists", { data: { name: "Trial" }, headers })).status()).toBe(201);
  const automation = await page.request.post("/api/v1/automations", {
    data: {
      name: "Onboarding",
      triggerType: "list_join",
      triggerConfig: { listName: "Trial" },
      steps: [{ delayMinutes: 0, templateId: id }],
    },
    headers,
  });
  expect(automation.status(), await automation.text()).toBe(201);
  const automationId = ((await automation.json()) as { id: string }).id;
  const activated = await page.request.post(`/api/v1/automations/${automationId}/activate`, { headers });
  expect(activated.status(), await activated.text()).toBe(200);

  await page.goto(`/templates/${id}`);
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  const history = page.getByRole("region", { name: "Version history" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByText("Live")).toBeVisible();

  // A saved edit is a draft: the published version is still what is sent.
  await page.getByLabel("Subject", { exact: true }).fill("Welcome aboard, {{name}}");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(page.getByText(/not published: sends use the published version/)).toBeVisible();
  const api = async () => (await (await page.request.get(`/api/v1/templates/${id}`, { headers })).json()) as Record<string, unknown>;
  expect(await api()).toMatchObject({ subject: "Welcome, {{name}}", draft: { subject: "Welcome aboard, {{name}}" } });
  await expectNoSeriousA11yViolations(page);
  await shotsAtBothWidths(page, "versions-editor");

  // Publish asks first, naming the automation whose emails change.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Publish template" });
  await expect(dialog.getByRole("list", { name: "Where the template is used" })).toContainText("Active automation Onboarding");
  await shotsAtBothWidths(page, "versions-publish");
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  expect(await api()).toMatchObject({ subject: "Welcome aboard, {{name}}", draft: null });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expect(history.getByRole("listitem").first()).toContainText("Welcome aboard, {{name}}");

  // Restoring version 1 makes it the draft, opened in the editor; publishing it sends it again.
  await history.getByRole("button", { name: "Restore version 1 as the draft" }).click();
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Welcome, {{name}}");
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(history.getByRole("listitem")).toHaveCount(3);
  expect(await api()).toMatchObject({ subject: "Welcome, {{name}}", draft: null });
});
