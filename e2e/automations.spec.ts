import { mkdirSync } from "node:fs";
import { afterRateLimit, expect, signIn, test, uniqueEmail } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { inboxFor, inboxHtml } from "./inbox";

const SHOTS = "/tmp/shots-automations";

test("[AUTOMATIONS]: start from a scenario, edit it in the builder, activate it and watch contacts get its emails in order", async ({
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
  // A ready account: a default sender and the company name the scenario's emails use.
  const accountUpdate = await page.request.put("/api/v1/account", {
    data: { defaultFrom: `Acme <hello@${domain}>`, companyName: "Acme" },
    headers,
  });
  expect(accountUpdate.status(), await accountUpdate.text()).toBe(200);
  const listName = `Trial ${Date.now()}`;

  // The list is empty at first; the gallery is one click away.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Automations" }).click();
  await expect(page.getByText("Send the right email at the right moment")).toBeVisible();
  await page.getByRole("link", { name: "Browse scenarios" }).first().click();
  await expect(page).toHaveURL(/\/automations\/scenarios$/);
  await page.getByRole("tab", { name: /SaaS/ }).click();
  await page.getByRole("searchbox", { name: "Search scenarios" }).fill("trial");
  await page.getByRole("button", { name: /Free trial onboarding/ }).click();
  const preview = page.getByRole("region", { name: "Free trial onboarding" });
  await expect(preview.getByText("Joins list Trial users")).toBeVisible();
  await expect(preview.getByText("Wait 1 day")).toBeVisible();
  await expect(preview.getByTestId("preview-subject").first()).toHaveText(/Welcome to .*, Ada Lovelace/);
  await expect(page.frameLocator('iframe[title^="Preview: How others use"]').locator("body")).toContainText("Most new accounts start");
  await page.screenshot({ path: `${SHOTS}/gallery.png`, fullPage: true });
  await preview.getByRole("button", { name: "Use this scenario" }).click();
  await expect(page).toHaveURL(/\/automations\/aut_[^/]+$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Free trial onboarding");

  // The scenario's own list does not exist here: create ours from the trigger's list picker,
  // without leaving the builder.
  await page.getByTestId("trigger-node").getByRole("button").click();
  const picker = page.getByRole("combobox", { name: "List" });
  await picker.fill(listName);
  await expect(page.getByRole("option", { name: `Create list “${listName}”` })).toBeVisible();
  if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/builder-list-picker.png` });
  await page.getByRole("option", { name: `Create list “${listName}”` }).click();
  await expect(picker).toHaveValue(listName);
  await expect(page.getByTestId("trigger-summary")).toHaveText(`Joins list ${listName}`);
  const lists = (await (await page.request.get("/api/v1/lists?limit=100")).json()) as { data: { id: string; name: string }[] };
  const list = lists.data.find((l) => l.name === listName)!;
  expect(list, "the list was created").toBeTruthy();
  // Picked again, it is one of the account's lists now.
  await picker.fill("");
  await expect(page.getByRole("option", { name: listName, exact: true })).toBeVisible();
  await picker.press("Escape");

  // Email 2: two hours after the first, with a new subject (a variable from the menu).
  await page.getByTestId("email-node-2").getByRole("button", { name: "Edit email 2" }).click();
  await page.getByLabel("Wait", { exact: true }).selectOption("120");
  await expect(page.getByTestId("delay-human")).toHaveText("Sent 2 hours later");
  await page.getByLabel("Subject", { exact: true }).fill("Day-one tip for ");
  await page.getByRole("button", { name: "Insert variable" }).click();
  await page.getByRole("menuitem", { name: /\{\{name\}\}/ }).click();
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Day-one tip for {{name}}");
  await expect(page.getByRole("complementary", { name: "Node editor" }).getByTestId("preview-subject")).toHaveText(
    "Day-one tip for Ada Lovelace",
  );
  await expect(page.getByTestId("delay-node-2")).toHaveText("Wait 2 hours");
  await expect(page.getByTestId("email-node-2").getByTestId("email-node-subject")).toHaveText("Day-one tip for {{name}}");

  // A blank subject is refused on the node it belongs to.
  await page.getByLabel("Subject", { exact: true }).fill("   ");
  await expect(page.getByTestId("email-node-2").getByRole("alert")).toHaveText(/subject must not be blank/i);
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Day-one tip for {{name}}");
  await expect(page.getByTestId("email-node-2").getByRole("alert")).toHaveCount(0);

  // A fifth step at the end.
  await expect(page.getByTestId("credit-estimate")).toContainText("4 credits per enrolled contact");
  // From the keyboard: the button sits on the canvas's clipped bottom edge, where Playwright's
  // scroll-into-view scrolls React Flow's overflow-hidden pane and its click then landed on the
  // node above (CI, twice; no request was sent). Enter runs the same handler a click does.
  const addAtEnd = page.getByRole("button", { name: "Add a step at the end" });
  await addAtEnd.focus();
  // Focus scrolls none of the canvas's overflow-hidden panes (React Flow draws by transform):
  // the viewport pans until the focused button is inside the canvas.
  const canvas = page.locator(".react-flow");
  await expect
    .poll(() => canvas.evaluate((flow) => [flow, ...flow.querySelectorAll("*")].some((e) => e.scrollTop !== 0 || e.scrollLeft !== 0)))
    .toBe(false);
  await expect
    .poll(async () => {
      const [button, box] = [await addAtEnd.boundingBox(), await canvas.boundingBox()];
      return Boolean(button && box && button.y >= box.y && button.y + button.height <= box.y + box.height);
    })
    .toBe(true);
  if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/builder-focus-last-add.png` });
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("email-node-5")).toBeVisible();
  await page.getByLabel("Subject", { exact: true }).fill("One more thing, {{name}}");
  await expect(page.getByTestId("email-node-5").getByTestId("email-node-subject")).toHaveText("One more thing, {{name}}");
  await expect(page.getByTestId("credit-estimate")).toContainText("5 credits per enrolled contact");

  // Reorder with the node's buttons: a step moves with its own delay (the new email's 1 day,
  // the trial-ends email's 5 days). Then delete with a confirmation, and undo the delete.
  await expect(page.getByTestId("delay-node-4")).toHaveText("Wait 5 days");
  await expect(page.getByTestId("delay-node-5")).toHaveText("Wait 1 day");
  await page.getByRole("button", { name: "Move email 5 up" }).click();
  await expect(page.getByTestId("email-node-4").getByTestId("email-node-subject")).toHaveText("One more thing, {{name}}");
  await expect(page.getByTestId("delay-node-4")).toHaveText("Wait 1 day");
  await expect(page.getByTestId("delay-node-5")).toHaveText("Wait 5 days");
  await page.getByRole("button", { name: "Move email 4 down" }).click();
  await expect(page.getByTestId("email-node-5").getByTestId("email-node-subject")).toHaveText("One more thing, {{name}}");
  await expect(page.getByTestId("delay-node-4")).toHaveText("Wait 5 days");
  await expect(page.getByTestId("delay-node-5")).toHaveText("Wait 1 day");
  await page.getByRole("button", { name: "Delete email 5" }).click();
  await page.getByRole("dialog", { name: "Delete email 5?" }).getByRole("button", { name: "Delete step" }).click();
  await expect(page.getByTestId("email-node-5")).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("email-node-5").getByTestId("email-node-subject")).toHaveText("One more thing, {{name}}");

  // Drag and drop: email 5 dropped onto email 4's place swaps them; undo puts it back.
  const handle = (await page.getByTestId("email-node-5").getByText("Email 5", { exact: true }).boundingBox())!;
  const target = (await page.getByTestId("email-node-4").boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2, target.y + 4, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByTestId("email-node-4").getByTestId("email-node-subject")).toHaveText("One more thing, {{name}}");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("email-node-5").getByTestId("email-node-subject")).toHaveText("One more thing, {{name}}");

  // Email 2 is scrolled out of the canvas by now: keyboard users reach it with Tab and Enter.
  await page.getByTestId("email-node-2").getByRole("button", { name: "Edit email 2" }).press("Enter");
  await expect(page.getByRole("complementary", { name: "Node editor" }).frameLocator("iframe").locator("body")).toContainText(
    "Teams that invite",
  );
  await page.screenshot({ path: `${SHOTS}/builder.png`, fullPage: true });

  // The name is edited in place and saved when the field is left.
  await page.getByLabel("Name", { exact: true }).fill("Trial onboarding (Acme)");
  await page.getByLabel("Name", { exact: true }).press("Tab");
  await expect(page.getByTestId("save-indicator")).toHaveText("Saved");

  await page.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByText("This automation is live.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add a step at the end" })).toHaveCount(0);

  // A contact joins the list: the first email now, the second after its two-hour wait.
  const contactEmail = uniqueEmail("ada");
  // The builder's saves above (each drag, delete and undo is one) share the account's rate limit.
  const joined = await afterRateLimit(() =>
    page.request.post(`/api/v1/lists/${list.id}/contacts`, { data: { email: contactEmail, name: "Ada" }, headers }),
  );
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  await expect
    .poll(async () => (await inboxFor(page.request, contactEmail)).map((m) => m.subject), { timeout: 60_000 })
    .toEqual([expect.stringMatching(/^Welcome to .*Ada$/)]);
  const clock = await page.request.post("/api/dev/clock", { data: { advanceMinutes: 125 }, headers });
  expect(clock.status(), await clock.text()).toBe(200);
  await expect
    .poll(async () => (await inboxFor(page.request, contactEmail)).map((m) => m.subject), { timeout: 60_000 })
    .toEqual([expect.stringMatching(/^Welcome to .*Ada$/), "Day-one tip for Ada"]);

  await page.getByRole("tab", { name: /Live view/ }).click();
  const live = page.getByTestId("live-view");
  await expect(live.getByTestId("stat-in-progress")).toHaveText("1");
  await expect(live.getByTestId("waiting-3")).toHaveText("1");
  await expect(live.getByRole("row", { name: new RegExp(contactEmail) })).toContainText("Step 3 of 5");

  // The funnel by step: the two emails that went out are sent and delivered, the rest wait.
  const funnel = live.getByTestId("step-funnel");
  for (const n of [1, 2]) {
    await expect(funnel.getByTestId(`funnel-${n}-sent`)).toHaveText("1");
    await expect(funnel.getByTestId(`funnel-${n}-delivered`)).toHaveText("1");
  }
  await expect(funnel.getByTestId("funnel-3-sent")).toHaveText("0");
  await expect(funnel.getByTestId("funnel-5-sent")).toHaveText("0");
  await expect(funnel.getByTestId("funnel-1-opened")).toHaveText("0");
  // Ada opens the first email (its tracking pixel, as a mail client loads it): the count moves
  // on the next poll, without a reload.
  const [first] = await inboxFor(page.request, contactEmail);
  const pixel = /\/t\/o\/[0-9A-Za-z]+/.exec(await inboxHtml(page.request, first.id))![0];
  expect((await page.request.get(pixel)).status()).toBe(200);
  await expect(funnel.getByTestId("funnel-1-opened")).toHaveText("1", { timeout: 15_000 });
  await expect(funnel.getByTestId("funnel-step-1")).toContainText("100%");
  await live.getByRole("heading", { name: "Funnel by step" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/live.png`, fullPage: true });

  await page.getByRole("link", { name: "Automations" }).first().click();
  const row = page.getByRole("row", { name: /Trial onboarding \(Acme\)/ });
  await expect(row).toContainText(`Joins list ${listName}`);
  await expect(row).toContainText("Active");
  await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });
});

test("[AUTOMATIONS]: activating without a verified sender names the problem and where to fix it", async ({ page, account, baseURL }) => {
  await signIn(page, account);
  const created = await page.request.post("/api/v1/automations", {
    data: {
      name: "No sender yet",
      triggerType: "property_equals",
      triggerConfig: { property: "plan", value: "pro" },
      steps: [{ delayMinutes: 0, subject: "Hi {{name}}", bodyHtml: "<p>Hello</p>" }],
    },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/automations/${id}`);
  await expect(page.getByTestId("trigger-summary")).toHaveText("plan is “pro”");
  await page.getByRole("button", { name: "Activate" }).click();
  const problem = page.getByRole("alert").filter({ hasText: "This automation cannot be activated yet" });
  await expect(problem).toBeVisible();
  await expect(problem.getByRole("link", { name: "Settings" })).toBeVisible();
  // Still never activated: a draft.
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
});

test("[AUTOMATIONS]: activating asks whether to enroll the contacts already on the list, and enrolls them", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const listName = `Members ${Date.now()}`;
  const list = (await (await page.request.post("/api/v1/lists", { data: { name: listName }, headers })).json()) as { id: string };
  const member = uniqueEmail("grace");
  const joined = await page.request.post(`/api/v1/lists/${list.id}/contacts`, { data: { email: member, name: "Grace" }, headers });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  const created = await page.request.post("/api/v1/automations", {
    data: {
      name: "Existing members",
      from: `Acme <hello@${domain}>`,
      triggerType: "list_join",
      triggerConfig: { listName },
      steps: [{ delayMinutes: 0, subject: "Hello {{name}}", bodyHtml: "<p>Hi {{name}}</p>" }],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/automations/${id}`);
  await page.getByRole("button", { name: "Activate" }).click();
  const dialog = page.getByRole("dialog", { name: "Activate “Existing members”?" });
  await expect(dialog.getByTestId("activate-matching")).toContainText(`1 contact already on the list ${listName}`);
  await dialog.getByRole("button", { name: "Activate and enroll 1 contact" }).click();
  await expect(page.getByText("This automation is live.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Enrolled 1 contact who already matched" })).toBeVisible();
  await expect.poll(async () => (await inboxFor(page.request, member)).map((m) => m.subject), { timeout: 60_000 }).toEqual(["Hello Grace"]);
});

test("[AUTOMATIONS]: Activate runs the checks first: with a blocker it shows the blocker and its fix, never the enroll question", async ({
  page,
  account,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const listName = `Waiting ${Date.now()}`;
  const list = (await (await page.request.post("/api/v1/lists", { data: { name: listName }, headers })).json()) as { id: string };
  const joined = await page.request.post(`/api/v1/lists/${list.id}/contacts`, {
    data: { email: uniqueEmail("lin"), name: "Lin" },
    headers,
  });
  expect(joined.status(), await joined.text()).toBeLessThan(300);
  // A sender on a domain this account has not verified: a blocker in every mode.
  const created = await page.request.post("/api/v1/automations", {
    data: {
      name: "Blocked sender",
      from: `Acme <hello@unverified-${Date.now()}.example>`,
      triggerType: "list_join",
      triggerConfig: { listName },
      steps: [{ delayMinutes: 0, subject: "Hello {{name}}", bodyHtml: "<p>Hi {{name}}</p>" }],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/automations/${id}`);
  await page.getByRole("button", { name: "Activate" }).click();
  const blockers = page.getByRole("alert").filter({ hasText: "This automation cannot be activated yet" });
  await expect(blockers).toBeVisible();
  await expect(blockers.getByRole("listitem").first()).toBeVisible();
  await expect(blockers.getByRole("button").or(blockers.getByRole("link")).first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  expect(((await (await page.request.get(`/api/v1/automations/${id}`)).json()) as { status: string }).status).toBe("paused");
});

test("[AUTOMATIONS]: a branching automation made through the API opens on its graph, never an empty builder", async ({
  page,
  account,
  baseURL,
}) => {
  await signIn(page, account);
  const made = await page.request.post("/api/v1/resend/automations", {
    headers: { origin: baseURL! },
    data: {
      name: "Onboarding by plan",
      steps: [
        { key: "start", type: "trigger", config: { event_name: "signed_up" } },
        { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
        { key: "pro_welcome", type: "send_email", config: { subject: "Welcome, pro", html: "<p>Hi</p>" } },
        { key: "free_welcome", type: "send_email", config: { subject: "Welcome, try pro", html: "<p>Hi</p>" } },
      ],
      connections: [
        { from: "start", to: "is_pro" },
        { from: "is_pro", to: "pro_welcome", type: "condition_met" },
        { from: "is_pro", to: "free_welcome", type: "condition_not_met" },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto("/automations");
  await expect(page.getByRole("row", { name: /Onboarding by plan/ }).getByText("Branching")).toBeVisible();
  await page.getByRole("link", { name: "Onboarding by plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Onboarding by plan" })).toBeVisible();
  const canvas = page.getByTestId("journey-canvas");
  await expect(canvas.getByTestId("journey-node-is_pro")).toContainText("plan is “pro”");
  await expect(canvas.getByTestId("journey-node-pro_welcome")).toBeVisible();
  await expect(canvas.getByTestId("journey-node-free_welcome")).toBeVisible();
  await expect(canvas.getByText("Yes", { exact: true })).toBeVisible();
  await expect(canvas.getByText("No", { exact: true })).toBeVisible();
  // The linear builder's canvas is not shown for it.
  await expect(page.getByRole("tab", { name: "Builder" })).toHaveCount(0);
});
