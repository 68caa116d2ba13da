import { mkdirSync } from "node:fs";
import { expect, signIn, test, uniqueEmail } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { inboxFor } from "./inbox";
import { addStepAtEnd, editAsHtml } from "./builder";

const SHOTS = "/tmp/shots-automations";

test("[AUTOMATIONS]: build an automation from scratch, fix a step the builder refuses, activate it and watch its emails and counts", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const accountUpdate = await page.request.put("/api/v1/account", { data: { defaultFrom: `Beta Co <hello@${domain}>` }, headers });
  expect(accountUpdate.status(), await accountUpdate.text()).toBe(200);
  // Two lists, so the trigger's list is a real choice: a blank automation starts on the newest
  // (Alpha), and the builder moves it to Beta.
  const stamp = Date.now();
  for (const name of [`Beta ${stamp}`, `Alpha ${stamp}`]) {
    const created = await page.request.post("/api/v1/lists", { data: { name }, headers });
    expect(created.status(), await created.text()).toBe(201);
  }
  const listName = `Beta ${stamp}`;
  const lists = (await (await page.request.get("/api/v1/lists?limit=100")).json()) as { data: { id: string; name: string }[] };
  const list = lists.data.find((l) => l.name === listName)!;

  // A blank automation from the list page: one starter email, paused.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Automations" }).click();
  await expect(page.getByText("Send the right email at the right moment")).toBeVisible();
  await page.getByRole("button", { name: "New automation" }).first().click();
  await expect(page).toHaveURL(/\/automations\/aut_[^/]+$/);
  // Never activated: a draft (the API's status is paused).
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  await expect(page.getByTestId("email-node-1").getByTestId("email-node-subject")).toHaveText("Welcome, {{name}}");
  await expect(page.getByTestId("trigger-summary")).toHaveText(`Joins list Alpha ${stamp}`);
  await page.getByLabel("Name", { exact: true }).fill("Beta onboarding");

  // The trigger: contacts who join the Beta list, picked from the account's lists.
  await page.getByTestId("trigger-node").getByRole("button").click();
  await expect(page.getByLabel("Start when")).toHaveValue("list_join");
  await page.getByRole("combobox", { name: "List" }).click();
  await page.getByRole("option", { name: listName, exact: true }).click();
  // The builder saves as you go: no save button.
  await expect(page.getByTestId("trigger-summary")).toHaveText(`Joins list ${listName}`);

  // Email 2: two hours after the first; its subject ends with a variable from the menu.
  await addStepAtEnd(page);
  await expect(page.getByTestId("email-node-2")).toBeVisible();
  const editor = page.getByRole("complementary", { name: "Node editor" });
  await expect(editor.getByRole("heading", { name: "Email 2 of 2" })).toBeVisible();
  await editor.getByLabel("Wait", { exact: true }).selectOption("120");
  await expect(editor.getByTestId("delay-human")).toHaveText("Sent 2 hours later");
  await editor.getByLabel("Subject", { exact: true }).fill("A tip for you, ");
  // New emails open in the visual editor: the menu's variables go into the subject.
  await editor.getByRole("button", { name: "Insert variable in subject" }).click();
  await page.getByRole("menuitem", { name: /\{\{name\}\}/ }).click();
  await expect(editor.getByLabel("Subject", { exact: true })).toHaveValue("A tip for you, {{name}}");
  await editAsHtml(page, editor);
  await editor.getByLabel("Body (HTML)").fill('<p>Hi {{name}},</p><p>Here is a tip. <a href="https://example.com/tips">Read it</a></p>');
  await expect(editor.getByTestId("preview-subject")).toHaveText("A tip for you, Ada Lovelace");
  await expect(page.getByTestId("delay-node-2")).toHaveText("Wait 2 hours");
  await expect(page.getByTestId("email-node-2").getByTestId("email-node-subject")).toHaveText("A tip for you, {{name}}");

  // Email 3: a custom wait of 45 minutes, saved first with no subject: the builder refuses it on
  // that email's node, and the fix clears the error.
  await addStepAtEnd(page);
  await expect(editor.getByRole("heading", { name: "Email 3 of 3" })).toBeVisible();
  await editor.getByLabel("Minutes", { exact: true }).fill("45");
  await expect(editor.getByTestId("delay-human")).toHaveText("Sent 45 minutes later");
  await expect(editor.getByLabel("Wait", { exact: true })).toHaveValue("custom");
  await editor.getByLabel("Subject", { exact: true }).fill("");
  await editAsHtml(page, editor);
  await editor.getByLabel("Body (HTML)").fill("<p>Last one, {{name}}. Reply any time.</p>");
  const node3 = page.getByTestId("email-node-3");
  await expect(node3.getByRole("alert")).toHaveText(/subject must not be blank/i);
  await expect(editor.getByText(/subject must not be blank/i)).toBeVisible();
  await expect(page.getByTestId("email-node-2").getByRole("alert")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/from-scratch-error.png`, fullPage: true });
  await expect(page.getByTestId("save-indicator")).toHaveText("Couldn't save: fix the highlighted field");
  await editor.getByLabel("Subject", { exact: true }).fill("Last one, {{name}}");
  await expect(node3.getByRole("alert")).toHaveCount(0);
  await expect(node3.getByTestId("email-node-subject")).toHaveText("Last one, {{name}}");
  await expect(page.getByTestId("delay-node-3")).toHaveText("Wait 45 minutes");
  await expect(page.getByTestId("credit-estimate")).toContainText("3 credits per enrolled contact");
  await page.screenshot({ path: `${SHOTS}/from-scratch-builder.png`, fullPage: true });

  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText("This automation is live.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Beta onboarding");

  // Nothing has gone out yet: the funnel says so.
  await page.getByRole("tab", { name: /Live view/ }).click();
  const live = page.getByTestId("live-view");
  await expect(live.getByTestId("funnel-empty")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/from-scratch-live-empty.png`, fullPage: true });

  // A contact joins the list through the API: email 1 at once, 2 after two hours, 3 after 45 minutes more.
  const contactEmail = uniqueEmail("bea");
  const joined = await page.request.post(`/api/v1/lists/${list.id}/contacts`, { data: { email: contactEmail, name: "Bea" }, headers });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const subjects = async () => (await inboxFor(page.request, contactEmail)).map((m) => m.subject);
  await expect.poll(subjects, { timeout: 60_000 }).toEqual(["Welcome, Bea"]);
  await expect(live.getByTestId("funnel-1-sent")).toHaveText("1", { timeout: 15_000 });
  await expect(live.getByTestId("waiting-2")).toHaveText("1");

  for (const [minutes, expected] of [
    [121, ["Welcome, Bea", "A tip for you, Bea"]],
    [46, ["Welcome, Bea", "A tip for you, Bea", "Last one, Bea"]],
  ] as const) {
    const clock = await page.request.post("/api/dev/clock", { data: { advanceMinutes: minutes }, headers });
    expect(clock.status(), await clock.text()).toBe(200);
    await expect.poll(subjects, { timeout: 60_000 }).toEqual(expected);
  }

  // The live view follows without a reload: the enrollment completes, each step sent and delivered once.
  await expect(live.getByTestId("stat-completed")).toHaveText("1", { timeout: 15_000 });
  await expect(live.getByTestId("stat-in-progress")).toHaveText("0");
  for (const n of [1, 2, 3]) {
    await expect(live.getByTestId(`funnel-${n}-sent`)).toHaveText("1");
    await expect(live.getByTestId(`funnel-${n}-delivered`)).toHaveText("1");
    await expect(live.getByTestId(`waiting-${n}`)).toHaveText("0");
  }
  await expect(live.getByTestId("funnel-step-2")).toContainText("A tip for you, {{name}}");
  await expect(live.getByTestId("funnel-step-3")).toContainText("Wait 45 minutes");
  await expect(live.getByRole("row", { name: new RegExp(contactEmail) })).toContainText("All 3 sent");
  await page.screenshot({ path: `${SHOTS}/from-scratch-live.png`, fullPage: true });
});
