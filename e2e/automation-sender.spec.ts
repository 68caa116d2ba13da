import { mkdirSync } from "node:fs";
import { expect, signIn, test, uniqueEmail } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { expectNoSeriousA11yViolations } from "./axe";

const SHOTS = "/work/shots/builder-sender";

test("[AUTOMATIONS]: the builder's sender field, blockers fixed with one click each, warnings, and property keys in Insert variable", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const headers = { origin: baseURL! };
  await signIn(page, account);

  // The first verified domain fills the empty default sender with hello@<domain>.
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const filled = (await (await page.request.get("/api/v1/account", { headers })).json()) as { defaultFrom: string | null };
  expect(filled.defaultFrom).toBe(`hello@${domain}`);
  // Here the account has no default, so the automation needs its own sender.
  expect((await page.request.put("/api/v1/account", { data: { defaultFrom: null }, headers })).status()).toBe(200);

  for (const properties of [{ plan: "pro", favourite_colour: "blue" }, { plan: "free" }]) {
    const contact = await page.request.post("/api/v1/contacts", { data: { email: uniqueEmail("prop"), properties }, headers });
    expect(contact.status(), await contact.text()).toBe(201);
  }
  const created = await page.request.post("/api/v1/automations", {
    data: {
      name: "Newsletter welcome",
      triggerType: "list_join",
      triggerConfig: { listName: "Newsletter" },
      steps: [
        { delayMinutes: 0, subject: "Welcome", bodyHtml: `<p>Hi {{name}}</p><a href="{{unsubscribe_url}}">Unsubscribe</a>` },
        { delayMinutes: 1440, subject: "Day two", bodyHtml: "<p>No way out here</p>" },
      ],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/automations/${id}`);

  // A warning that does not block: email 2 has no unsubscribe link.
  const warnings = page.getByTestId("automation-warnings");
  await expect(warnings).toContainText("Email 2 has no visible unsubscribe link");
  await expect(warnings.getByRole("button", { name: "Edit email 2" })).toBeVisible();
  await expect(page.getByLabel("Sender", { exact: true })).toHaveValue("");

  // The list does not exist yet: a warning (activation would still be allowed) with a button
  // that creates it; the check runs again.
  await expect(warnings).toContainText(/no list named Newsletter/);
  await warnings.getByRole("button", { name: "Create the list Newsletter" }).click();
  await expect(warnings.getByTestId("check-list_missing")).toHaveCount(0);
  const lists = (await (await page.request.get("/api/v1/lists?limit=100", { headers })).json()) as { data: { name: string }[] };
  expect(lists.data.map((l) => l.name)).toContain("Newsletter");

  // Activate: refused, in plain words, with a button to fix the problem.
  await page.getByRole("button", { name: "Activate" }).click();
  const blockers = page.getByRole("alert").filter({ hasText: "This automation cannot be activated yet" });
  await expect(blockers).toBeVisible();
  await expect(blockers.getByRole("button", { name: "Choose a sender" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/blockers.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Fix 2: "Choose a sender" puts the cursor in the sender field; the sender is saved on Enter.
  await blockers.getByRole("button", { name: "Choose a sender" }).click();
  const sender = page.getByLabel("Sender", { exact: true });
  await expect(sender).toBeFocused();
  await sender.fill(`Acme <hello@${domain}>`);
  await sender.press("Enter");
  await expect(page.getByText("Everything that blocked activation is fixed")).toBeVisible();
  await expect(blockers).toHaveCount(0);
  const stored = (await (await page.request.get(`/api/v1/automations/${id}`, { headers })).json()) as { from: string | null };
  expect(stored.from).toBe(`Acme <hello@${domain}>`);

  // Insert variable offers the account's contact property keys, the most used first.
  await page.getByRole("button", { name: "Edit email 2" }).first().click();
  await page.getByLabel("Subject", { exact: true }).click();
  await page.getByRole("button", { name: "Insert variable" }).click();
  const properties = page.getByRole("group", { name: "Contact properties" });
  await expect(properties.getByRole("menuitem")).toHaveText([/\{\{contact\.plan\}\}.*2 contacts/, /\{\{contact\.favourite_colour\}\}/]);
  await page.screenshot({ path: `${SHOTS}/insert-variable.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await properties.getByRole("menuitem", { name: /contact\.plan/ }).click();
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue(/\{\{contact\.plan\}\}/);

  // Now it activates; the warning never blocked it.
  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Sender", { exact: true })).toHaveValue(`Acme <hello@${domain}>`);
  await expect(page.getByLabel("Sender", { exact: true })).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/active.png`, fullPage: true });
});
