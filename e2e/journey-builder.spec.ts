import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { shotIfAsked, shotsAtBothWidths } from "./shots";
import { editAsHtml } from "./builder";

/** An enabled journey from the sandbox sender (it may send in local mode), made through the SDK's API: its id. */
async function makeJourney(page: Page, origin: string, body: { name: string; steps: unknown[]; connections: unknown[] }) {
  const made = await page.request.post("/api/v1/resend/automations", {
    headers: { origin },
    data: { status: "enabled", from: "onboarding@sandbox.mailwright.test", ...body },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { id: string }).id;
}

interface WireJourney {
  status: string;
  steps: { key: string; type: string; config: Record<string, unknown> }[];
  connections: { from: string; to: string; type: string; variant?: string }[];
}

test("[JOURNEYS]: a branching journey made through the API is drawn with both branches, paused, given a delay on one branch and saved", async ({
  page,
  account,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, account);
  const id = await makeJourney(page, baseURL!, {
    name: "Onboarding by plan",
    steps: [
      { key: "start", type: "trigger", config: { event_name: "signed_up" } },
      { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
      { key: "pro_welcome", type: "send_email", config: { subject: "Welcome, pro", html: "<p>Hi</p>" } },
      { key: "free_welcome", type: "send_email", config: { subject: "Welcome, try pro", html: "<p>Hi</p>" } },
      {
        key: "ab",
        type: "split",
        config: {
          variants: [
            { name: "short", weight: 50 },
            { name: "long", weight: 50 },
          ],
        },
      },
      { key: "done", type: "exit", config: { reason: "tried pro" } },
    ],
    connections: [
      { from: "start", to: "is_pro" },
      { from: "is_pro", to: "pro_welcome", type: "condition_met" },
      { from: "is_pro", to: "free_welcome", type: "condition_not_met" },
      { from: "free_welcome", to: "ab" },
      { from: "ab", to: "done", type: "variant", variant: "short" },
    ],
  });
  const read = async () => (await (await page.request.get(`/api/v1/resend/automations/${id}`)).json()) as WireJourney;
  expect((await read()).status).toBe("enabled");

  await page.goto(`/automations/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Onboarding by plan" })).toBeVisible();
  const canvas = page.getByTestId("journey-canvas");
  // Every step is a node with a summary of its config; the branches are labelled.
  await expect(canvas.getByTestId("journey-node-start")).toContainText("Event “signed_up”");
  await expect(canvas.getByTestId("journey-node-is_pro")).toContainText("plan is “pro”");
  await expect(canvas.getByTestId("journey-node-pro_welcome")).toContainText("Welcome, pro");
  await expect(canvas.getByTestId("journey-node-free_welcome")).toContainText("Welcome, try pro");
  await expect(canvas.getByTestId("journey-node-ab")).toContainText("short 50% · long 50%");
  await expect(canvas.getByText("Yes", { exact: true })).toBeVisible();
  await expect(canvas.getByText("No", { exact: true })).toBeVisible();
  await expect(canvas.getByText("Variant short", { exact: true })).toBeVisible();
  // Yes is drawn left of No, both below the condition.
  const box = async (key: string) => (await canvas.getByTestId(`journey-node-${key}`).boundingBox())!;
  const [cond, yes, no] = [await box("is_pro"), await box("pro_welcome"), await box("free_welcome")];
  expect(yes.x).toBeLessThan(no.x);
  expect(yes.y).toBeGreaterThan(cond.y);
  expect(no.y).toBeGreaterThan(cond.y);

  // Live: read-only, nothing to add, with the way to pause.
  await expect(page.getByText("This journey is live, so it is read-only.")).toBeVisible();
  await expect(canvas.getByRole("button", { name: /^(Add|Insert) a step/ })).toHaveCount(0);
  await shotsAtBothWidths(page, "journey-overview");
  await canvas.getByRole("button", { name: /^Condition is_pro/ }).click();
  await expect(page.getByRole("complementary", { name: "Step editor" }).getByLabel("Field")).toBeDisabled();
  await shotsAtBothWidths(page, "journey-live");
  await page.getByRole("button", { name: "Pause to edit" }).click();
  await expect(page.getByText("This journey is live, so it is read-only.")).toHaveCount(0);
  await expect(page.getByText("Paused", { exact: true }).first()).toBeVisible();

  // An open branch (the split's long variant) and every connection get "+".
  await expect(canvas.getByRole("button", { name: "Add a step after ab on “Variant long”" })).toBeVisible();
  await canvas.getByRole("button", { name: "Insert a step between is_pro and free_welcome on “No”" }).click();
  const picker = page.getByRole("dialog", { name: "Add a step" });
  // A step that ends the run cannot go where something follows.
  await expect(picker.getByRole("button", { name: /^Exit/ })).toBeDisabled();
  await picker.getByRole("button", { name: /^Delay/ }).click();
  await expect(picker).toHaveCount(0);

  const editor = page.getByRole("complementary", { name: "Step editor" });
  const wait = editor.getByLabel("Wait for");
  await expect(wait).toHaveValue("1 day");
  // Validated with the API's schema as it is typed.
  await wait.fill("soon");
  await expect(editor.getByText('duration must be a duration such as "2 days"')).toBeVisible();
  await wait.fill("2 days");
  await expect(editor.getByText("duration must be a duration")).toHaveCount(0);
  await expect(canvas.getByTestId("journey-node-delay_1")).toContainText("Wait 2 days");
  const [delay, free] = [await box("delay_1"), await box("free_welcome")];
  expect(delay.y).toBeLessThan(free.y);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  const saved = await read();
  expect(saved.steps).toContainEqual({ key: "delay_1", type: "delay", config: { duration: "2 days" } });
  expect(saved.connections).toContainEqual({ from: "is_pro", to: "delay_1", type: "condition_not_met" });
  expect(saved.connections).toContainEqual({ from: "delay_1", to: "free_welcome", type: "default" });
  expect(saved.connections.filter((c) => c.to === "free_welcome")).toHaveLength(1);

  // Keyboard: a focused step goes with Delete, after a confirmation, and its neighbours join.
  await canvas.getByRole("button", { name: /^Delay delay_1/ }).focus();
  await page.keyboard.press("Delete");
  const confirm = page.getByRole("dialog", { name: "Delete step delay_1?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete step" }).click();
  await expect(canvas.getByTestId("journey-node-delay_1")).toHaveCount(0);
  await expect(canvas.getByRole("button", { name: "Insert a step between is_pro and free_welcome on “No”" })).toBeVisible();

  // Settings the API's schema refuses (an email with no content yet) are named on the node and hold the save back.
  await canvas.getByRole("button", { name: "Add a step after ab on “Variant long”" }).click();
  await picker.getByRole("button", { name: /^Send email/ }).click();
  await expect(editor.getByLabel("Subject")).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(canvas.getByTestId("journey-node-send_email_1").getByRole("alert")).toBeVisible();
  await editor.getByLabel("Subject").fill("A longer look");
  await editAsHtml(page, editor);
  await editor.getByLabel("Body (HTML)").fill("<p>Here is more</p>");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  await expect(canvas.getByTestId("journey-node-send_email_1").getByRole("alert")).toHaveCount(0);
  const final = await read();
  expect(final.steps.map((s) => s.key)).not.toContain("delay_1");
  expect(final.connections).toContainEqual({ from: "is_pro", to: "free_welcome", type: "condition_not_met" });
  expect(final.connections).toContainEqual({ from: "ab", to: "send_email_1", type: "variant", variant: "long" });

  // A step scrolled out of the canvas comes into view when it takes the keyboard's focus.
  await canvas.getByRole("button", { name: /^Condition is_pro/ }).focus();
  await page.keyboard.press("Enter");
  await expect(editor.getByLabel("Field")).toHaveValue("plan");
  await canvas.getByRole("button", { name: /^Condition is_pro/ }).click();
  await shotsAtBothWidths(page, "journey-paused");

  // On a phone the editor is a bottom sheet, and the selected step stays in sight above it.
  await page.setViewportSize({ width: 390, height: 844 });
  await editor.getByRole("button", { name: "Close the step editor" }).click();
  await expect(editor).toBeHidden();
  await canvas.getByRole("button", { name: /^Send email free_welcome/ }).focus();
  await page.keyboard.press("Enter");
  await expect(editor.getByLabel("Subject")).toHaveValue("Welcome, try pro");
  await expect(editor).toBeInViewport();
  await expect(canvas.getByTestId("journey-node-free_welcome")).toBeInViewport();
  // The canvas pans to the step (150 ms): the step's bottom edge ends above the sheet's top.
  const gap = async () => {
    const sheet = (await editor.boundingBox())!;
    const node = (await canvas.getByTestId("journey-node-free_welcome").boundingBox())!;
    return sheet.y - (node.y + node.height);
  };
  await expect.poll(gap).toBeGreaterThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotIfAsked(page, "journey-phone-editor");
});

test("[JOURNEYS]: the live view counts runs at each step and down each path, and the side panel sets the goal and send window", async ({
  page,
  account,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const id = await makeJourney(page, baseURL!, {
    name: "Welcome by plan",
    steps: [
      { key: "start", type: "trigger", config: { event_name: "joined" } },
      { key: "is_pro", type: "condition", config: { type: "rule", field: "plan", operator: "eq", value: "pro" } },
      { key: "pro_welcome", type: "send_email", config: { subject: "Welcome, pro", html: "<p>Hi</p>" } },
      { key: "free_welcome", type: "send_email", config: { subject: "Welcome", html: "<p>Hi</p>" } },
    ],
    connections: [
      { from: "start", to: "is_pro" },
      { from: "is_pro", to: "pro_welcome", type: "condition_met" },
      { from: "is_pro", to: "free_welcome", type: "condition_not_met" },
    ],
  });
  const stamp = Date.now();
  for (const [name, plan] of [
    ["ada", "pro"],
    ["bob", "free"],
    ["cy", "free"],
  ]) {
    const sent = await page.request.post("/api/v1/events", {
      headers,
      data: { email: `${name}-${stamp}@example.com`, name: "joined", properties: { plan } },
    });
    expect(sent.status(), await sent.text()).toBe(202);
  }

  await page.goto(`/automations/${id}`);
  const canvas = page.getByTestId("journey-canvas");
  // The worker runs the three runs; the canvas shows them as they pass (it refreshes while live).
  await expect(canvas.getByTestId("journey-node-is_pro").getByTestId("journey-node-counts")).toContainText("3 passed", { timeout: 60_000 });
  await expect(canvas.getByTestId("journey-node-pro_welcome").getByTestId("journey-node-counts")).toContainText("1 passed");
  await expect(canvas.getByText("Yes · 1", { exact: true })).toBeVisible();
  await expect(canvas.getByText("No · 2", { exact: true })).toBeVisible();
  const runs = page.getByTestId("journey-runs");
  await expect(runs).toContainText("Started3");
  await shotsAtBothWidths(page, "journey-live-counts");

  // Settings change while paused: a goal event and a weekday window.
  await page.getByRole("button", { name: "Pause to edit" }).click();
  await expect(page.getByText("This journey is live, so it is read-only.")).toHaveCount(0);
  await page.getByLabel("Goal event").fill("upgraded");
  await page.getByLabel("Send only in a window").check();
  await page.getByRole("button", { name: "Sat" }).click();
  await page.getByLabel("Time zone").fill("Mars/Olympus");
  await expect(page.getByText("timezone must be")).toBeVisible();
  await page.getByLabel("Time zone").fill("Europe/Paris");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("form", { name: "Settings" }).getByText("Saved", { exact: true })).toBeVisible();
  const saved = (await (await page.request.get(`/api/v1/resend/automations/${id}`)).json()) as Record<string, unknown>;
  expect(saved.goal).toEqual({ event_name: "upgraded" });
  expect(saved.send_window).toEqual({
    days: ["mon", "tue", "wed", "thu", "fri", "sat"],
    start: "09:00",
    end: "17:00",
    timezone: "Europe/Paris",
  });
  await shotsAtBothWidths(page, "journey-settings");
});

test("[JOURNEYS]: a linear automation gets a branch on the canvas, and a test run takes each branch", async ({
  page,
  account,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signIn(page, account);
  const made = await page.request.post("/api/v1/automations", {
    headers: { origin: baseURL! },
    data: {
      name: "Welcome",
      from: "hello@sandbox.mailwright.test",
      triggerType: "event",
      triggerConfig: { eventName: "signed_up" },
      steps: [{ delayMinutes: 0, subject: "Welcome, pro", bodyHtml: "<p>Hi {{name}}</p>" }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  // The step list offers the canvas; there, a condition goes in before the email.
  await page.goto(`/automations/${id}`);
  await page.getByRole("link", { name: "Add branches" }).click();
  await expect(page).toHaveURL(/view=canvas/);
  const canvas = page.getByTestId("journey-canvas");
  // The canvas pans to what it selects: its "+" buttons are pressed from the keyboard, which a
  // moving target cannot make miss.
  await canvas.getByRole("button", { name: /^Insert a step between trigger and / }).focus();
  await page.keyboard.press("Enter");
  await page
    .getByRole("dialog", { name: "Add a step" })
    .getByRole("button", { name: /^Condition/ })
    .click();
  const editor = page.getByRole("complementary", { name: "Step editor" });
  await editor.getByLabel("Field").fill("plan");
  await editor.getByLabel("Value").fill("pro");
  // The other branch gets its own email.
  await canvas.getByRole("button", { name: /^Add a step after condition_1 on “No”/ }).focus();
  await page.keyboard.press("Enter");
  await page
    .getByRole("dialog", { name: "Add a step" })
    .getByRole("button", { name: /^Send email/ })
    .click();
  await editor.getByLabel("Subject").fill("Welcome, try pro");
  await editAsHtml(page, editor);
  await editor.getByLabel("Body (HTML)").fill("<p>Pro is a click away</p>");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  const graph = (await (await page.request.get(`/api/v1/resend/automations/${id}`)).json()) as { steps: { type: string }[] };
  expect(graph.steps.map((s) => s.type)).toContain("condition");

  // A test run per branch: the path and the email each one takes.
  await page.getByRole("button", { name: "Test run" }).click();
  const dialog = page.getByRole("dialog", { name: "Test run" });
  for (const [plan, answer, subject] of [
    ["pro", "yes", "Welcome, pro"],
    ["free", "no", "Welcome, try pro"],
  ]) {
    await dialog.getByLabel("Properties").fill(`plan=${plan}`);
    await dialog.getByRole("button", { name: "Start the test run" }).click();
    await expect(dialog.getByTestId("test-run-outcome-condition_1")).toHaveText(answer, { timeout: 30_000 });
    await expect(dialog.getByText(`Sent “${subject}”`)).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText("The run completed.")).toBeVisible({ timeout: 30_000 });
    await shotsAtBothWidths(page, `journey-test-run-${plan}`);
    await dialog.getByRole("button", { name: "Another test run" }).click();
  }
});
