import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { shotIfAsked, shotsAtBothWidths } from "./shots";
import { inboxFor, inboxHtml } from "./inbox";

const normalize = (text: string) => text.replace(/\s+/g, " ").trim();

test("[TEMPLATES]: build an email from blocks, preview it at phone width, save it, send a test, use it in a journey and a broadcast, and find each in the dev inbox as previewed", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);

  // A new template opens in the visual editor, with a starter email; start from nothing.
  await page.goto("/templates/new");
  const editor = page.getByTestId("design-editor");
  await expect(editor).toBeVisible();
  await expect(page.getByLabel("HTML body")).toHaveCount(0);
  for (const block of ["heading", "text", "button", "footer"]) {
    await editor
      .getByRole("button", { name: `Delete ${block}` })
      .first()
      .click();
  }
  await expect(editor.getByRole("region")).toHaveCount(0);
  await page.getByLabel("Name", { exact: true }).fill("Spring news");
  await page.getByLabel("Subject", { exact: true }).fill("Spring at Acme, {{first_name}}");

  // Heading.
  await editor.getByRole("button", { name: "Add heading" }).click();
  const heading = editor.getByRole("region", { name: "Heading block" });
  const headingText = heading.getByRole("textbox", { name: "Heading text" });
  await headingText.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Spring at Acme");
  await heading.getByLabel("Size").selectOption({ label: "Large (H1)" });

  // Text with a variable chip and its fallback, and a bold word (keyboard shortcut).
  await editor.getByRole("button", { name: "Add text" }).click();
  const text = editor.getByRole("region", { name: "Text block" });
  await text.getByRole("textbox", { name: "Text" }).click();
  await page.keyboard.type("Hello ");
  await text.getByRole("button", { name: "Insert variable" }).click();
  const variableDialog = page.getByRole("dialog", { name: "Insert variable" });
  await variableDialog.getByLabel("Variable").fill("first_name");
  await variableDialog.getByLabel("Fallback").fill("friend");
  await variableDialog.getByLabel("Fallback").press("Enter");
  await expect(variableDialog).toBeHidden();
  await expect(text.locator(".variable-chip")).toHaveText("first_name · friend");
  // The caret is back in the text, after the chip: typing goes on where it stopped.
  await expect(text.getByRole("textbox", { name: "Text" })).toBeFocused();
  await page.keyboard.type(", three things we shipped. ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("Read on");
  await expect(text.locator("strong")).toHaveText("Read on");
  await expect(text.getByRole("textbox", { name: "Text" })).toHaveText("Hello first_name · friend, three things we shipped. Read on");

  // Button.
  await editor.getByRole("button", { name: "Add button" }).click();
  const button = editor.getByRole("region", { name: "Button block" });
  await button.getByLabel("Label").fill("See what is new");
  await button.getByLabel("Link").fill(`${baseURL}/api/health?from=spring`);

  // Footer with the unsubscribe link and the postal address.
  await editor.getByRole("button", { name: "Add footer" }).click();
  const footer = editor.getByRole("region", { name: "Footer block" });
  await footer.getByLabel("Postal address").fill("Acme Inc., 1 Main Street, Springfield");

  // Undo and redo across the design, from the keyboard; Alt+Arrow moves a block.
  await editor.getByRole("button", { name: "Delete button" }).click();
  await expect(button).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(editor.getByRole("region", { name: "Button block" })).toBeVisible();
  await editor.getByRole("region", { name: "Button block" }).getByLabel("Label").press("Alt+ArrowUp");
  await expect(editor.getByRole("region")).toHaveText([/^Heading/, /^Button/, /^Text/, /^Footer/]);
  await page.keyboard.press("ControlOrMeta+z");
  await expect(editor.getByRole("region")).toHaveText([/^Heading/, /^Text/, /^Button/, /^Footer/]);

  // The variable gets a sample value; the preview renders it, at phone width too.
  await page.getByLabel("{{first_name}}").fill("Ada");
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.locator("h1")).toHaveText("Spring at Acme");
  await expect(preview.locator("p", { hasText: "three things" })).toHaveText("Hello Ada, three things we shipped. Read on");
  await expect(page.getByTestId("preview-subject")).toHaveText("Spring at Acme, Ada");
  await page.getByRole("radiogroup", { name: "Preview width" }).getByText("Mobile").click();
  await expect(page.getByRole("radio", { name: "Mobile" })).toBeChecked();
  await expect(preview.getByRole("link", { name: "See what is new" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Unsubscribe" })).toBeVisible();
  await expect(preview.getByText("Acme Inc., 1 Main Street, Springfield")).toBeVisible();
  // The service fills the unsubscribe link for each contact: no sample is asked for, and no warning.
  await expect(page.getByLabel("{{unsubscribe_url}}")).toHaveAttribute("placeholder", "Filled in for each contact");
  await expect(page.getByText("would be empty")).toHaveCount(0);
  // The preview shows the template in the account's default layout (as journeys and broadcasts
  // send it), on by default; off, the template alone, as emails.send sends it.
  const layoutSwitch = page.getByRole("button", { name: "Layout", exact: true });
  await expect(layoutSwitch).toHaveAttribute("aria-pressed", "true");
  await expect(preview.locator("table").first()).toHaveAttribute("style", /border-top:4px solid/);
  const layoutPreviewText = normalize(await preview.locator("body").innerText());
  await layoutSwitch.click();
  await expect(layoutSwitch).toHaveAttribute("aria-pressed", "false");
  await expect(preview.locator("table").first()).not.toHaveAttribute("style", /border-top:4px solid/);
  const previewText = normalize(await preview.locator("body").innerText());
  expect(layoutPreviewText).toContain(previewText);
  expect(layoutPreviewText.length).toBeGreaterThan(previewText.length);
  await layoutSwitch.click();
  await page.getByRole("button", { name: "Dark" }).click();
  await expect(page.locator('[data-appearance="dark"]')).toBeVisible();
  await shotsAtBothWidths(page, "visual-editor");
  await page.getByRole("button", { name: "Dark" }).click();

  // Saved: the design comes back as blocks after a reload.
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_/);
  const templateId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByText(/^Saved/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("design-editor").getByRole("region")).toHaveText([/^Heading/, /^Text/, /^Button/, /^Footer/]);
  await expect(page.locator(".variable-chip")).toHaveText("first_name · friend");
  await expect(page.getByLabel("{{first_name}}")).toHaveValue("Ada");

  // A test send delivers the same email the preview shows: in the layout, which is on again.
  await expect(layoutSwitch).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Send test" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await expect(dialog.getByLabel("Verified domain")).toHaveValue(domain);
  await dialog.getByRole("button", { name: "delivered@" }).click();
  await dialog.getByRole("button", { name: "Send test" }).click();
  await expect(dialog.getByText("Test email queued")).toBeVisible();
  await dialog.getByRole("link", { name: "View email" }).click();
  await expect(page).toHaveURL(/\/emails\/em_/);
  await expect(page.getByRole("list", { name: "Event timeline" }).getByText("Delivered", { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("link", { name: "View in dev inbox" }).click();
  const message = page.getByRole("article");
  await expect(message.getByRole("heading", { name: "Spring at Acme, Ada" })).toBeVisible();
  const received = page.frameLocator('iframe[title="Message HTML"]');
  await expect(received.locator("h1")).toHaveText("Spring at Acme");
  expect(normalize(await received.locator("body").innerText())).toBe(layoutPreviewText);
  // A test send has no recipient contact, so no unsubscribe page: the link is there, empty.
  await expect(received.getByRole("link", { name: "Unsubscribe" })).toBeVisible();

  // The template in a journey and in a broadcast, to a contact whose first_name is Ada: each
  // received message reads as the preview with its layout.
  const headers = { origin: new URL(page.url()).origin };
  const ada = `ada-${Date.now()}@example.com`;
  const from = `Acme <news@${domain}>`;
  const post = async (url: string, data: unknown) => {
    const response = await page.request.post(url, { data, headers });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
    return (await response.json().catch(() => ({}))) as { id: string };
  };
  await post("/api/v1/contacts", { email: ada, properties: { first_name: "Ada" } });
  await post("/api/v1/resend/automations", {
    name: "Spring journey",
    status: "enabled",
    from,
    steps: [
      { key: "start", type: "trigger", config: { event_name: "spring_signup" } },
      { key: "spring", type: "send_email", config: { template: { id: templateId } } },
    ],
    connections: [{ from: "start", to: "spring", type: "default" }],
  });
  await post("/api/v1/events", { email: ada, name: "spring_signup" });
  const list = await post("/api/v1/lists", { name: `Spring ${Date.now()}` });
  await post(`/api/v1/lists/${list.id}/contacts`, { email: ada });
  const broadcast = await post("/api/v1/broadcasts", { name: "Spring broadcast", from, listId: list.id, templateId });
  await post(`/api/v1/broadcasts/${broadcast.id}/send`, {});
  await expect.poll(async () => (await inboxFor(page.request, ada)).length, { timeout: 90_000 }).toBe(2);
  for (const message of await inboxFor(page.request, ada)) {
    expect(message.subject).toBe("Spring at Acme, Ada");
    await page.goto(`/inbox?message=${message.id}`);
    const body = page.frameLocator('iframe[title="Message HTML"]');
    await expect(body.locator("h1")).toHaveText("Spring at Acme");
    expect(normalize(await body.locator("body").innerText())).toBe(layoutPreviewText);
  }
  // The broadcast's page shows the template's content it was sent with, as written.
  await page.goto(`/broadcasts/${broadcast.id}`);
  const content = page.getByRole("region", { name: "Content" });
  await expect(content).toContainText("Subject Spring at Acme, {{first_name}}");
  await expect(content.frameLocator('iframe[title="Broadcast content"]').locator("h1")).toHaveText("Spring at Acme");
});

test("[TEMPLATES]: a template written as HTML through the API opens as code, unchanged", async ({ page, account }) => {
  await signIn(page, account);
  const html = '<table><tr><td style="color:#b91c1c">{{#items}}<b>{{title}}</b>{{/items}}</td></tr></table>';
  const response = await page.request.post("/api/v1/templates", {
    data: { name: "Hand written", subject: "Items", htmlBody: html },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await page.goto(`/templates/${id}`);
  await expect(page.getByLabel("HTML body")).toHaveValue(html);
  await expect(page.getByTestId("design-editor")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit as HTML" })).toHaveCount(0);
});

test("[BROADCASTS]: a new broadcast is composed in the visual editor and its test send carries the blocks", async ({ page, account }) => {
  test.setTimeout(90_000);
  await signIn(page, account);
  const headers = { origin: new URL(page.url()).origin };
  const listName = `Visual ${Date.now()}`;
  const list = await page.request.post("/api/v1/lists", { data: { name: listName }, headers });
  expect(list.status()).toBe(201);

  await page.goto("/broadcasts/new");
  const editor = page.getByTestId("design-editor");
  await expect(editor.getByRole("region", { name: "Heading block" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Visual news");
  await page.getByLabel("List", { exact: true }).selectOption({ label: `${listName} (0 members)` });
  await page.getByLabel("Subject", { exact: true }).fill("Visual news for {{name}}");
  await editor.getByRole("button", { name: "Add button" }).click();
  const button = editor.getByRole("region", { name: "Button block" });
  await button.getByLabel("Label").fill("Read the visual news");
  // The starter's heading greets with the company variable; the preview renders as member Ann.
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.getByText("Hi Ann,")).toBeVisible();
  await expect(preview.getByRole("link", { name: "Read the visual news" })).toBeVisible();
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/broadcasts\/bc_/);
  await page.reload();
  await expect(page.getByTestId("design-editor").getByRole("region", { name: "Button block" }).getByLabel("Label")).toHaveValue(
    "Read the visual news",
  );

  await page.getByRole("button", { name: "Send test to me" }).click();
  await expect(page.getByText(`Test sent to ${account.email}.`)).toBeVisible();
  await expect
    .poll(
      async () => {
        const messages = await inboxFor(page.request, account.email);
        const found = messages.find((m) => m.subject.includes("Visual news for"));
        return found ? inboxHtml(page.request, found.id) : "";
      },
      { timeout: 60_000 },
    )
    .toMatch(/>Read the visual news<\/a>/);
});

test("[AUTOMATIONS]: automation and journey emails are built from blocks in the builder and saved with their design; HTML written as code opens as code", async ({
  page,
  account,
}) => {
  test.setTimeout(180_000);
  await signIn(page, account);
  const headers = { origin: new URL(page.url()).origin };

  // A new automation's email opens in the visual editor, from the starter blocks.
  await page.goto("/automations");
  await page.getByRole("button", { name: "New automation" }).first().click();
  await expect(page).toHaveURL(/\/automations\/aut_[^/]+$/);
  const automationId = new URL(page.url()).pathname.split("/").pop()!;
  const editor = page.getByRole("complementary", { name: "Node editor" });
  await page.getByTestId("email-node-1").getByRole("button", { name: "Edit email 1" }).click();
  const blocks = editor.getByTestId("design-editor");
  await expect(blocks.getByRole("region", { name: "Text block" })).toBeVisible();
  await expect(editor.getByLabel("Body (HTML)")).toHaveCount(0);

  // A heading and a button; the subject gets a variable from the step's menu.
  await blocks.getByRole("button", { name: "Add heading" }).click();
  const heading = blocks.getByRole("region", { name: "Heading block" });
  await heading.getByRole("textbox", { name: "Heading text" }).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Welcome to the club");
  // To the top, above the starter's text and footer.
  const headingUp = heading.getByRole("button", { name: /^Move heading up/ });
  while (await headingUp.isEnabled()) await headingUp.click();
  await expect(blocks.getByRole("region")).toHaveText([/^Heading/, /^Text/, /^Footer/]);
  // A new block goes above the footer, which stays last.
  await blocks.getByRole("button", { name: "Add button" }).click();
  const button = blocks.getByRole("region", { name: "Button block" });
  await button.getByLabel("Label").fill("Start the tour");
  await button.getByLabel("Link").fill("https://example.com/tour");
  await editor.getByLabel("Subject", { exact: true }).fill("Welcome, ");
  await editor.getByRole("button", { name: "Insert variable in subject" }).click();
  await page.getByRole("menuitem", { name: /\{\{name\}\}/ }).click();
  await expect(editor.getByLabel("Subject", { exact: true })).toHaveValue("Welcome, {{name}}");
  const preview = editor.frameLocator('iframe[title^="Preview:"]');
  await expect(preview.getByRole("link", { name: "Start the tour" })).toBeVisible();
  await expect(preview.getByText("Welcome to the club")).toBeVisible();
  await expect(page.getByTestId("save-indicator")).toHaveText(/Saved/, { timeout: 15_000 });
  // The panel scrolls: the blocks in view for the screenshots.
  await button.scrollIntoViewIfNeeded();
  await shotsAtBothWidths(page, "step-editor-blocks");

  // Stored as the design beside the HTML rendered from it; a reload brings the blocks back.
  type StoredStep = { subject: string; bodyHtml: string; design: { blocks: { type: string }[] } | null };
  const stored = (await (await page.request.get(`/api/v1/automations/${automationId}`)).json()) as { steps: StoredStep[] };
  expect(stored.steps[0].subject).toBe("Welcome, {{name}}");
  expect(stored.steps[0].design?.blocks.map((b) => b.type)).toEqual(["heading", "text", "button", "footer"]);
  expect(stored.steps[0].bodyHtml).toContain(">Start the tour</a>");
  await page.reload();
  await page.getByTestId("email-node-1").getByRole("button", { name: "Edit email 1" }).click();
  await expect(editor.getByTestId("design-editor").getByRole("region")).toHaveText([/^Heading/, /^Text/, /^Button/, /^Footer/]);
  await expect(editor.getByTestId("design-editor").getByRole("region", { name: "Button block" }).getByLabel("Label")).toHaveValue(
    "Start the tour",
  );

  // A step written as HTML through the API opens as code, unchanged.
  const html = '<table><tr><td style="color:#b91c1c">Hand <b>written</b> for {{name}}</td></tr></table>';
  const made = await page.request.post("/api/v1/automations", {
    headers,
    data: {
      name: "Hand written",
      triggerType: "event",
      triggerConfig: { eventName: "hand_written" },
      steps: [{ delayMinutes: 0, subject: "By hand", bodyHtml: html }],
    },
  });
  expect(made.status()).toBe(201);
  await page.goto(`/automations/${((await made.json()) as { id: string }).id}`);
  await page.getByTestId("email-node-1").getByRole("button", { name: "Edit email 1" }).click();
  await expect(editor.getByLabel("Body (HTML)")).toHaveValue(html);
  await expect(editor.getByTestId("design-editor")).toHaveCount(0);

  // A journey: its HTML step opens as code; a new send_email step opens in the visual editor.
  const journey = await page.request.post("/api/v1/resend/automations", {
    headers,
    data: {
      name: "Blocks journey",
      status: "disabled",
      from: "onboarding@sandbox.mailwright.test",
      steps: [
        { key: "start", type: "trigger", config: { event_name: "joined" } },
        // Its own reply-to makes it a journey (the linear builder has no per-step reply-to).
        { key: "welcome", type: "send_email", config: { subject: "Welcome", html, reply_to: "team@example.com" } },
      ],
      connections: [{ from: "start", to: "welcome", type: "default" }],
    },
  });
  expect(journey.status(), await journey.text()).toBe(201);
  const journeyId = ((await journey.json()) as { id: string }).id;
  await page.goto(`/automations/${journeyId}`);
  const canvas = page.getByTestId("journey-canvas");
  const panel = page.getByRole("complementary", { name: "Step editor" });
  await canvas.getByRole("button", { name: /^Send email welcome/ }).click();
  await expect(panel.getByLabel("Body (HTML)")).toHaveValue(html);
  await expect(panel.getByTestId("design-editor")).toHaveCount(0);
  await canvas.getByRole("button", { name: "Add a step after welcome" }).click();
  await page
    .getByRole("dialog", { name: "Add a step" })
    .getByRole("button", { name: /^Send email/ })
    .click();
  const journeyBlocks = panel.getByTestId("design-editor");
  await expect(journeyBlocks.getByRole("region", { name: "Text block" })).toBeVisible();
  await panel.getByLabel("Subject", { exact: true }).fill("Two days in, ");
  await panel.getByRole("button", { name: "Insert variable in subject" }).click();
  await page.getByRole("menuitem", { name: /\{\{name\}\}/ }).click();
  await journeyBlocks.getByRole("button", { name: "Add button" }).click();
  await journeyBlocks.getByRole("region", { name: "Button block" }).getByLabel("Label").fill("See your progress");
  await journeyBlocks.getByRole("region", { name: "Button block" }).getByLabel("Link").fill("https://example.com/progress");
  await journeyBlocks.getByRole("region", { name: "Button block" }).scrollIntoViewIfNeeded();
  await shotsAtBothWidths(page, "journey-step-blocks");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  type WireStep = { key: string; type: string; config: { subject?: string; html?: string; design?: { blocks: { type: string }[] } } };
  const graph = (await (await page.request.get(`/api/v1/resend/automations/${journeyId}`)).json()) as { steps: WireStep[] };
  const added = graph.steps.find((s) => s.type === "send_email" && s.key !== "welcome")!;
  expect(added.config.subject).toBe("Two days in, {{name}}");
  expect(added.config.design?.blocks.map((b) => b.type)).toEqual(["text", "button", "footer"]);
  expect(added.config.html).toContain(">See your progress</a>");
  expect(graph.steps.find((s) => s.key === "welcome")!.config).toEqual({ subject: "Welcome", html, reply_to: "team@example.com" });
});

test("[TEMPLATES]: an emptied column says it stays blank until a block is added to it", async ({ page, account }) => {
  await signIn(page, account);
  await page.goto("/templates/new");
  const editor = page.getByTestId("design-editor");
  await editor.getByRole("button", { name: "Add two columns" }).click();
  const columns = editor.getByRole("region", { name: "Two columns block" });
  const left = columns.getByRole("group", { name: "Left column" });
  const right = columns.getByRole("group", { name: "Right column" });
  const empty = "Empty: it stays blank in the email until you add a block.";
  // Each column starts with a text block.
  await expect(left.getByRole("textbox", { name: "Text" })).toBeVisible();
  await expect(columns.getByText(empty)).toHaveCount(0);
  await left.getByRole("button", { name: "Delete text" }).click();
  await expect(left.getByText(empty)).toBeVisible();
  await expect(right.getByText(empty)).toHaveCount(0);
  await shotIfAsked(page, "visual-editor-empty-column");
  await left.getByLabel("Add to the left column").selectOption({ label: "Text" });
  await expect(left.getByRole("textbox", { name: "Text" })).toBeVisible();
  await expect(left.getByText(empty)).toHaveCount(0);
});
