import { mkdirSync } from "node:fs";
import { expect, signIn, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { shotIfAsked } from "./shots";

const SHOTS = "/tmp/shots-contacts";

const CSV = [
  "Email Address,Full Name,Plan,Company",
  "ada@example.com,Ada Lovelace,pro,Analytical Engines",
  "grace@example.com,Grace Hopper,free,Navy",
  "not-an-email,Nobody,free,",
  "linus@example.com,Linus,pro,Kernel Inc",
].join("\n");

test("[CONTACTS]: create a list, import a CSV into it, filter by the list, edit a property", async ({ page, account }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await signIn(page, account);

  // A list first, with the duplicate name refused on the field.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Lists" }).click();
  await expect(page.getByText("Create your first list")).toBeVisible();
  await page.getByRole("button", { name: "Create list" }).first().click();
  let dialog = page.getByRole("dialog", { name: "Create list" });
  await dialog.getByLabel("Name").fill("Beta testers");
  await dialog.getByRole("button", { name: "Create list" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Create list" }).first().click();
  dialog = page.getByRole("dialog", { name: "Create list" });
  await dialog.getByLabel("Name").fill("Beta testers");
  await dialog.getByRole("button", { name: "Create list" }).click();
  await expect(dialog.getByText("already used")).toBeVisible();
  await dialog.getByLabel("Name").fill("Newsletter");
  await dialog.getByRole("button", { name: "Create list" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /Beta testers/ })).toBeVisible();

  // Import through the dialog: preview, mapping, target list, progress to done.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByText("Add your first contacts")).toBeVisible();
  await page.getByRole("button", { name: "Import CSV" }).first().click();
  const importDialog = page.getByRole("dialog", { name: "Import contacts" });
  await importDialog.getByLabel("CSV file").setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(importDialog.getByRole("table", { name: "First rows of the file" })).toContainText("Ada Lovelace");
  await expect(importDialog.getByLabel("Email column")).toHaveValue("Email Address");
  await expect(importDialog.getByLabel("Name column", { exact: true })).toHaveValue("Full Name");
  await expect(importDialog.getByLabel("First name column")).toHaveValue("");
  await expect(importDialog.getByRole("checkbox", { name: /Update contacts that already exist/ })).toBeChecked();
  await importDialog.getByLabel("Property name for Plan").fill("plan");
  await importDialog.getByRole("checkbox", { name: "Company" }).uncheck();
  await importDialog.getByLabel("Add to list").selectOption({ label: "Beta testers" });
  await importDialog.screenshot({ path: `${SHOTS}/import-mapping.png` });
  await importDialog.getByRole("button", { name: "Import 4 contacts" }).click();
  await expect(importDialog.getByText("Import complete")).toBeVisible({ timeout: 30_000 });
  await expect(importDialog.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");
  await expect(importDialog.getByText("Created").locator("..")).toContainText("3");
  await expect(importDialog.getByText("Skipped", { exact: true }).locator("..")).toContainText("1");
  await expect(importDialog.getByRole("cell", { name: 'invalid email "not-an-email"' })).toBeVisible();
  await importDialog.screenshot({ path: `${SHOTS}/import-progress.png` });

  // "Show the list" filters the table by the import's list.
  await importDialog.getByRole("button", { name: "Show the list" }).click();
  await expect(page).toHaveURL(/\/contacts\?list=lst_/);
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row", { name: /ada@example\.com.*Ada Lovelace.*Beta testers.*Subscribed/ })).toBeVisible();
  await page.getByLabel("Search contacts by email").fill("grace");
  await expect(table.getByRole("row")).toHaveCount(2);
  await page.getByLabel("Search contacts by email").fill("");
  await page.getByLabel("Filter by list").selectOption({ label: "Newsletter (0)" });
  await expect(page.getByText("This list has no contacts yet.")).toBeVisible();
  await page.getByLabel("Filter by list").selectOption({ label: "All lists" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await page.screenshot({ path: `${SHOTS}/contacts-table.png`, fullPage: true });

  // The contact's page: edit a property, add a typed one, join another list, unsubscribe.
  await table.getByRole("link", { name: "ada@example.com" }).click();
  await expect(page.getByRole("heading", { name: "ada@example.com" })).toBeVisible();
  await expect(page.getByLabel("Property 1 name")).toHaveValue("plan");
  await expect(page.getByLabel("Property 1 value")).toHaveValue("pro");
  await page.getByLabel("Property 1 value").fill("enterprise");
  await page.getByRole("button", { name: "Add property" }).click();
  await page.getByLabel("Property 2 name").fill("seats");
  await page.getByLabel("Property 2 type").selectOption("number");
  await page.getByLabel("Property 2 value").fill("abc");
  await page.getByRole("button", { name: "Save properties" }).click();
  await expect(page.getByText("Enter a number")).toBeVisible();
  await page.getByLabel("Property 2 value").fill("12");
  await page.getByRole("button", { name: "Save properties" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.getByLabel("List to add to").selectOption({ label: "Newsletter" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("list", { name: "Lists this contact is in" })).toContainText("Newsletter");
  await page.getByRole("switch", { name: "Subscribed" }).click();
  await expect(page.getByRole("switch", { name: "Subscribed" })).toHaveAttribute("aria-checked", "false");
  // Its activity: no email sent yet, in no automation.
  await expect(page.getByText("No emails sent to this contact yet.")).toBeVisible();
  await expect(page.getByText("Not in any automation.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/contact-detail.png`, fullPage: true });

  const stored = await page.request.get(page.url().replace("/contacts/", "/api/v1/contacts/"));
  expect(await stored.json()).toMatchObject({
    name: "Ada Lovelace",
    properties: { plan: "enterprise", seats: 12 },
    subscribed: false,
    lists: ["Beta testers", "Newsletter"],
  });

  // A long list name stays inside its card on a phone: the page never scrolls sideways.
  const longName = "VIP customers with a rather long list name that goes on";
  const made = await page.request.post("/api/v1/lists", { data: { name: longName }, headers: { origin: new URL(page.url()).origin } });
  expect(made.status(), await made.text()).toBe(201);
  await page.reload();
  await page.getByLabel("List to add to").selectOption({ label: longName });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("list", { name: "Lists this contact is in" })).toContainText(longName);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete with confirmation.
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete contact" }).getByRole("button", { name: "Delete contact" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole("table", { name: "Contacts" }).getByRole("row")).toHaveCount(3);

  // The lists page counts the members; a list's row opens its contacts.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Lists" }).click();
  await expect(page.getByRole("row", { name: /Beta testers\s+2\b/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lists.png`, fullPage: true });
  // A list's row opens its page: its members, searchable, each removable.
  await page.getByRole("link", { name: "Beta testers" }).click();
  await expect(page).toHaveURL(/\/lists\/lst_/);
  await expect(page.getByRole("heading", { name: "Beta testers", level: 1 })).toBeVisible();
  await expect(page.getByText("2 members")).toBeVisible();
  const members = page.getByRole("table", { name: "Members of Beta testers" });
  await expect(members.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Search members by email").fill("grace");
  await expect(members.getByRole("row")).toHaveCount(2);
  await page.getByLabel("Search members by email").fill("");
  await expect(members.getByRole("row")).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/list-detail.png`, fullPage: true });
  await page.getByRole("button", { name: "Remove grace@example.com from the list" }).click();
  const removeDialog = page.getByRole("dialog", { name: "Remove from list" });
  await removeDialog.getByRole("button", { name: "Remove" }).click();
  await expect(removeDialog).toBeHidden();
  await expect(members.getByRole("row")).toHaveCount(2);
  await expect(page.getByText("1 member", { exact: true })).toBeVisible();
  // The contact is kept, out of the list.
  const grace = await (await page.request.get("/api/v1/contacts?email=grace@")).json();
  expect(grace.data[0].lists).toEqual([]);

  // Deleting a list keeps its contacts.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Lists" }).click();
  await page.getByRole("button", { name: "Delete Newsletter" }).click();
  await page.getByRole("dialog", { name: "Delete list" }).getByRole("button", { name: "Delete list" }).click();
  await expect(page.getByRole("row", { name: /Newsletter/ })).toBeHidden();
});

test("[LISTS]: add people to a list from its page; one already on it is named", async ({ page, account, baseURL }) => {
  await signIn(page, account);
  const created = await page.request.post("/api/v1/lists", { data: { name: `Launch ${Date.now()}` }, headers: { origin: baseURL! } });
  expect(created.status(), await created.text()).toBe(201);
  const list = (await created.json()) as { id: string; name: string };

  await page.goto(`/lists/${list.id}`);
  await expect(page.getByText("No members yet")).toBeVisible();
  await page.getByRole("button", { name: "Add a contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a contact" });
  await dialog.getByLabel("Email", { exact: true }).fill("Ada@Example.com");
  await dialog.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await shotIfAsked(page, "list-add-contact");
  await dialog.getByRole("button", { name: "Add to list" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /ada@example\.com/ })).toContainText("Ada Lovelace");
  await expect(page.getByText("1 member", { exact: true })).toBeVisible();

  // The same address again: the dialog says so and stays open.
  await page.getByRole("button", { name: "Add contact", exact: true }).click();
  await dialog.getByLabel("Email", { exact: true }).fill("ada@example.com");
  await dialog.getByRole("button", { name: "Add to list" }).click();
  await expect(dialog.getByText("ada@example.com is already on this list")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
