import type { Page } from "@playwright/test";
import { expect, signUp, test, uniqueEmail } from "./fixtures";
import { inboxFor } from "./inbox";
import { addStepAtEnd, editAsHtml } from "./builder";
import { shotsAtBothWidths } from "./shots";

const SANDBOX_FROM = "onboarding@sandbox.mailwright.test";

/** Opens a dev-inbox message as its recipient would, then clicks its link (a new tab, through the click tracker). */
async function openAndClick(page: Page, messageId: string, link: string, recipient: string) {
  await page.goto(`/inbox?message=${messageId}`);
  const message = page.getByRole("article");
  await message.getByRole("button", { name: "Open as recipient" }).click();
  await expect(message.getByRole("status").filter({ hasText: `Counted as an open by ${recipient}.` })).toBeVisible();
  const frame = page.frameLocator('iframe[title="Message HTML"]');
  const [tab] = await Promise.all([page.waitForEvent("popup"), frame.getByRole("link", { name: link }).click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toContain("/api/health");
  await tab.close();
}

/** The dev inbox's newest message to `address` with `subject`, once it has arrived. */
async function messageTo(page: Page, address: string, subject: string): Promise<string> {
  let id = "";
  await expect
    .poll(
      async () => {
        id = (await inboxFor(page.request, address)).find((m) => m.subject === subject)?.id ?? "";
        return id;
      },
      { timeout: 60_000 },
    )
    .not.toBe("");
  return id;
}

// A marketer's first day on the embedded default (local mode: no domain can be verified here),
// through the dashboard alone: sign up, add a contact, build a 3-email automation, test-run it,
// activate it with the sandbox sender, the contact joins the list and gets the first email in
// the dev inbox, opened and clicked as the recipient would; then a broadcast to the list, and
// the opens and clicks on Overview and on the broadcast.
test("[MARKETER DAY]: contacts, a 3-email automation test-run and activated from the sandbox sender, a broadcast, and the opens and clicks", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const stamp = Date.now();
  const listName = `Newsletter ${stamp}`;
  const ada = uniqueEmail("ada");

  // Sign up.
  await signUp(page, "Marketer Tester", "marketer");
  await expect(page.getByText("Local mode: nothing leaves this machine").filter({ visible: true })).toBeVisible();
  await shotsAtBothWidths(page, "marketer-day-get-started");

  // Add a contact.
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Add contact" }).first().click();
  const addContact = page.getByRole("dialog", { name: "Add contact" });
  await addContact.getByLabel("Email", { exact: true }).fill(ada);
  await addContact.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await addContact.getByRole("button", { name: "Add contact" }).click();
  await expect(addContact).toBeHidden();
  // The new contact's own page.
  await expect(page.getByRole("heading", { level: 1, name: ada })).toBeVisible();

  // A 3-email automation, its list created from the trigger.
  await page.goto("/automations");
  await page.getByRole("button", { name: "New automation" }).first().click();
  await expect(page).toHaveURL(/\/automations\/aut_[^/]+$/);
  const automationUrl = page.url();
  await page.getByLabel("Name", { exact: true }).fill("Welcome series");
  await page.getByTestId("trigger-node").getByRole("button").click();
  const picker = page.getByRole("combobox", { name: "List" });
  await picker.fill(listName);
  await page.getByRole("option", { name: `Create list “${listName}”` }).click();
  await expect(page.getByTestId("trigger-summary")).toHaveText(`Joins list ${listName}`);

  const editor = page.getByRole("complementary", { name: "Node editor" });
  await page.getByTestId("email-node-1").getByRole("button", { name: "Edit email 1" }).click();
  await editAsHtml(page, editor);
  await editor
    .getByLabel("Body (HTML)")
    .fill(
      `<p>Hi {{name}},</p><p><a href="${origin}/api/health?from=welcome">Read the welcome guide</a></p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>`,
    );
  for (const [n, subject] of [
    [2, "A tip for you, {{name}}"],
    [3, "Last one, {{name}}"],
  ] as const) {
    await addStepAtEnd(page);
    await expect(editor.getByRole("heading", { name: `Email ${n} of ${n}` })).toBeVisible();
    await editor.getByLabel("Wait", { exact: true }).selectOption("1440");
    await editor.getByLabel("Subject", { exact: true }).fill(subject);
    await editAsHtml(page, editor);
    await editor.getByLabel("Body (HTML)").fill(`<p>Hi {{name}}, email ${n}.</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>`);
    await expect(page.getByTestId(`email-node-${n}`).getByTestId("email-node-subject")).toHaveText(subject);
  }
  await expect(page.getByTestId("save-indicator")).toHaveText(/Saved/, { timeout: 15_000 });

  // A test run: three emails, days of delays in seconds, before any domain is verified.
  await page.getByRole("button", { name: "Test run" }).click();
  const run = page.getByRole("dialog", { name: "Test run" });
  await run.getByLabel("Email", { exact: true }).fill(uniqueEmail("test-run"));
  await run.getByLabel("Name", { exact: true }).fill("Tess");
  await run.getByRole("button", { name: "Start test run" }).click();
  await expect(run.getByTestId("test-run-status")).toHaveText("Completed", { timeout: 60_000 });
  await expect(run.getByTestId("test-run-subject")).toHaveText(["Welcome, Tess", "A tip for you, Tess", "Last one, Tess"]);
  await page.keyboard.press("Escape");
  await expect(run).toBeHidden();

  // Activate: no sender yet, and local mode's fix is the sandbox sender.
  await page.getByRole("button", { name: "Activate" }).click();
  const blockers = page.getByRole("alert").filter({ hasText: "This automation cannot be activated yet" });
  await shotsAtBothWidths(page, "marketer-day-blockers");
  await blockers.getByRole("button", { name: "Send from the sandbox sender" }).click();
  await expect(page.getByLabel("Sender", { exact: true })).toHaveValue(SANDBOX_FROM);
  await page.getByRole("button", { name: "Activate" }).click();
  const confirm = page.getByRole("dialog", { name: "Activate “Welcome series”?" });
  if (await confirm.isVisible().catch(() => false)) await confirm.getByRole("button", { name: /^Activate/ }).click();
  await expect(page.getByText("This automation is live.")).toBeVisible();
  await shotsAtBothWidths(page, "marketer-day-live");

  // Ada joins the list from its page; the first email lands in the dev inbox, from the sandbox sender.
  await page.goto("/lists");
  await page.getByRole("link", { name: listName }).click();
  await page
    .getByRole("button", { name: /^Add (a )?contact$/ })
    .first()
    .click();
  const join = page.getByRole("dialog", { name: "Add a contact" });
  await join.getByLabel("Email", { exact: true }).fill(ada);
  await join.getByRole("button", { name: "Add to list" }).click();
  await expect(join).toBeHidden();
  const welcome = await messageTo(page, ada, "Welcome, Ada Lovelace");
  await openAndClick(page, welcome, "Read the welcome guide", ada);
  await shotsAtBothWidths(page, "marketer-day-inbox");

  // A broadcast to the list, from the sandbox sender local mode fills in.
  await page.goto("/broadcasts/new");
  await page.getByLabel("Name", { exact: true }).fill("Launch news");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(SANDBOX_FROM);
  await page.getByLabel("List", { exact: true }).selectOption({ label: `${listName} (1 member)` });
  await page.getByLabel("Subject", { exact: true }).fill("We launched, {{name}}");
  // New broadcasts open in the visual editor; this one is written as HTML.
  await page.getByRole("button", { name: "Edit as HTML" }).click();
  await page.getByRole("dialog", { name: "Edit this email as HTML?" }).getByRole("button", { name: "Switch to HTML" }).click();
  await page
    .getByLabel("HTML body")
    .fill(
      `<h1>Hi {{name}}</h1><p><a href="${origin}/api/health?from=launch">See what is new</a></p><a href="{{unsubscribe_url}}">Unsubscribe</a>`,
    );
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/broadcasts\/bc_/);
  const broadcastUrl = page.url();
  await page.getByRole("button", { name: "Send now…" }).click();
  await page.getByRole("dialog", { name: "Send this broadcast now?" }).getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("Sent", { timeout: 60_000 });
  const launch = await messageTo(page, ada, "We launched, Ada Lovelace");
  await openAndClick(page, launch, "See what is new", ada);

  // The broadcast's report counts its open and its click.
  await page.goto(broadcastUrl);
  await expect(page.getByTestId("stat-opened")).toHaveText("1", { timeout: 30_000 });
  await expect(page.getByTestId("stat-clicked")).toHaveText("1");
  await shotsAtBothWidths(page, "marketer-day-broadcast");

  // Overview: both emails opened and clicked, out of every email sent (the test run's are not counted).
  await page.goto("/overview");
  await expect(page.getByTestId("kpi-opened-value")).not.toHaveText(/^0(\.0)?%$/, { timeout: 30_000 });
  await expect(page.getByTestId("kpi-clicked-value")).not.toHaveText(/^0(\.0)?%$/);
  await expect(page.getByTestId("kpi-opened")).toContainText("2 unique opens");
  await shotsAtBothWidths(page, "marketer-day-overview");

  // The automation shows its first email was sent to Ada.
  await page.goto(automationUrl);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
});
