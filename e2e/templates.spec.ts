import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { expectNoSeriousA11yViolations } from "./axe";
import { shotIfAsked } from "./shots";

test("[TEMPLATES]: write a template with a live preview, save it, send a test and follow it to the dev inbox", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  // Delivery runs in the worker; a job that hits a transient error is retried 30 s later.
  test.setTimeout(120_000);
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Templates" }).click();
  await expect(page.getByText("Create your first template")).toBeVisible();
  await page.getByRole("link", { name: "New template" }).first().click();
  await expect(page).toHaveURL(/\/templates\/new$/);

  const preview = page.frameLocator('iframe[title="Email preview"]');
  const body = page.getByLabel("HTML body");
  // The starter's preview reads as a real email: its variables have sample values.
  await expect(page.getByTestId("preview-subject")).toHaveText("Welcome to Acme, Ada");
  await shotIfAsked(page, "template-new");
  // New templates open in the visual editor; this one is written as HTML.
  await page.getByRole("button", { name: "Edit as HTML" }).click();
  await page.getByRole("dialog", { name: "Edit this email as HTML?" }).getByRole("button", { name: "Switch to HTML" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Welcome");
  await page.getByLabel("Subject", { exact: true }).fill("Hello {{name}}");
  await body.fill("<h1>Hi {{name}}</h1>");
  // Typing changes the preview as it happens.
  await body.press("End");
  await body.pressSequentially("<p>Your plan: {{plan}}</p>");
  // A new template starts with sample values for the starter's variables (name is one); a new
  // variable has none yet.
  await expect(preview.locator("h1")).toHaveText("Hi Ada");
  await expect(preview.locator("p")).toHaveText("Your plan:");
  // The editor names the variable a send would leave empty.
  const emptyPlan = page.getByText("{{plan}} would be empty: set a sample value or send it in variables");
  await expect(emptyPlan).toBeVisible();
  // The preview is the document the mail is sent in: a sans-serif system font, not the browser's serif.
  await expect(preview.locator("body")).toHaveCSS("font-family", /sans-serif$/);
  await shotIfAsked(page, "template-empty-variable");

  // Each detected variable gets a sample input; values are HTML-escaped, as in a real send.
  await page.getByLabel("{{name}}").fill("<b>Ada</b>");
  await page.getByLabel("{{plan}}").fill("Pro");
  await expect(preview.locator("h1")).toHaveText("Hi <b>Ada</b>");
  await expect(preview.locator("h1 b")).toHaveCount(0);
  await expect(preview.locator("p")).toHaveText("Your plan: Pro");
  await expect(page.getByTestId("preview-subject")).toHaveText("Hello <b>Ada</b>");
  await expect(emptyPlan).toHaveCount(0);

  // A syntax error pauses the preview on the last good render and says where the problem is.
  await body.press("End");
  await body.pressSequentially("{{#oops}}");
  await expect(page.getByText("Preview paused")).toBeVisible();
  await expect(page.getByText(/unclosed section "oops"/)).toBeVisible();
  await expect(preview.locator("h1")).toHaveText("Hi <b>Ada</b>");
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByText(/^template syntax error: unclosed section "oops"/)).toBeVisible();
  await expect(page).toHaveURL(/\/templates\/new$/);
  for (let i = 0; i < "{{#oops}}".length; i++) await body.press("Backspace");
  await expect(page.getByText("Preview paused")).toBeHidden();

  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_/);
  await expect(page.getByText(/^Saved/)).toBeVisible();
  // The sample values were saved with the template: there on its page, and after a reload.
  await expect(page.getByLabel("{{name}}")).toHaveValue("<b>Ada</b>");
  await page.reload();
  await expect(page.getByLabel("{{name}}")).toHaveValue("<b>Ada</b>");
  await expect(page.getByLabel("{{plan}}")).toHaveValue("Pro");

  // Edit, see the preview follow, save again.
  await body.fill("<h1>Welcome, {{name}}!</h1><p>Your plan: {{plan}}</p>");
  await expect(preview.locator("h1")).toHaveText("Welcome, <b>Ada</b>!");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page.getByText(/^Saved/)).toBeVisible();

  // Send a test through the real pipeline, from the verified domain.
  await page.getByRole("button", { name: "Send test" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await expect(dialog.getByLabel("Verified domain")).toHaveValue(domain);
  await dialog.getByRole("button", { name: "delivered@" }).click();
  await expect(dialog.getByLabel("Send to")).toHaveValue("delivered@simulator.test");
  await dialog.getByRole("button", { name: "Send test" }).click();
  await expect(dialog.getByText("Test email queued")).toBeVisible();
  await dialog.getByRole("link", { name: "View email" }).click();
  await expect(page).toHaveURL(/\/emails\/em_/);

  // The worker delivers within seconds; the page refreshes itself until then.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hello <b>Ada</b>", { timeout: 60_000 });
  const timeline = page.getByRole("list", { name: "Event timeline" });
  await expect(timeline.getByText("Queued", { exact: true })).toBeVisible();
  await expect(timeline.getByText("Delivered", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(timeline.getByText(/250 2\.0\.0/)).toBeVisible();
  await expect(page.getByText("Delivered", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`hello@${domain}`)).toBeVisible();

  // The dev inbox holds what was delivered: rendered, and signed in the raw source.
  await page.getByRole("link", { name: "View in dev inbox" }).click();
  await expect(page).toHaveURL(/\/inbox\?message=inb_/);
  const message = page.getByRole("article");
  await expect(message.getByRole("heading", { name: "Hello <b>Ada</b>" })).toBeVisible();
  await expect(message.getByText("delivered@simulator.test", { exact: true })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Message HTML"]').locator("h1")).toHaveText("Welcome, <b>Ada</b>!");
  await message.getByRole("tab", { name: "Raw source" }).click();
  await expect(message.getByText("DKIM-signed")).toBeVisible();
  await expect(message.getByText(`d=${domain}`, { exact: true })).toBeVisible();
  await expect(message.locator('[data-header="DKIM-Signature"]')).toBeVisible();
  await message.getByRole("link", { name: "Email details" }).click();
  await expect(page).toHaveURL(/\/emails\/em_/);

  // The list shows the template with its variables.
  await page.goto("/templates");
  const row = page.getByRole("row", { name: /Welcome/ });
  await expect(row.getByText("Hello {{name}}")).toBeVisible();
  await expect(row.getByText("name", { exact: true })).toBeVisible();
  await expect(row.getByText("plan", { exact: true })).toBeVisible();
});

test("[TEMPLATES]: search templates and delete one after confirming", async ({ page, account }) => {
  await signIn(page, account);
  const headers = { origin: new URL(page.url()).origin };
  for (const name of ["Password reset", "Invoice"]) {
    const response = await page.request.post("/api/v1/templates", {
      data: { name, subject: `${name} for {{name}}`, htmlBody: "<p>{{name}}</p>" },
      headers,
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.goto("/templates");
  await page.getByRole("searchbox", { name: "Search templates by name" }).fill("invo");
  await expect(page.getByRole("row", { name: /Invoice/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Password reset/ })).toHaveCount(0);

  await page.getByRole("link", { name: "Invoice" }).click();
  await expect(page.getByRole("heading", { name: "Invoice", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete template" });
  await expect(confirm).toContainText("Invoice");
  await confirm.getByRole("button", { name: "Delete template" }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole("row", { name: /Password reset/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Invoice/ })).toHaveCount(0);
});

test("[TEMPLATES]: sample values are saved with the template; Send test starts at your address and warns about empty variables", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  await signIn(page, account);
  await createVerifiedDomain(page.request, dns, baseURL!);
  const created = await page.request.post("/api/v1/templates", {
    data: {
      name: "Renewal",
      subject: "Hi {{name}}",
      htmlBody: "<p>{{name}}, your {{plan}} plan renews soon.</p>",
      sampleData: { name: "Ada" },
    },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await page.goto(`/templates/${id}`);
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(page.getByLabel("{{name}}")).toHaveValue("Ada");
  await expect(page.getByLabel("{{plan}}")).toHaveValue("");
  await expect(preview.locator("p")).toHaveText("Ada, your plan renews soon.");
  await expect(page.getByText(/^Saved/)).toBeVisible();

  // An edit not saved yet: a sidebar link asks before leaving, and staying keeps the edit.
  const subjectField = page.getByLabel("Subject", { exact: true });
  await subjectField.fill("Hi {{name}}, renewal ahead");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Templates" }).click();
  const guard = page.getByRole("dialog", { name: "Leave with unsaved changes?" });
  await expect(guard).toBeVisible();
  await expect(guard).toContainText("Changes to “Renewal” are not saved yet.");
  await guard.getByRole("button", { name: "Stay on this page" }).click();
  await expect(guard).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/templates/${id}$`));
  await expect(subjectField).toHaveValue("Hi {{name}}, renewal ahead");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  // Back to the stored subject: nothing is left to lose, and the link leaves without asking.
  await subjectField.fill("Hi {{name}}");
  await expect(page.getByText(/^Saved/)).toBeVisible();

  // Editing a sample value is a change to save; saved, it is there after a reload.
  await page.getByLabel("{{name}}").fill("Grace");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page.getByText(/^Saved/)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("{{name}}")).toHaveValue("Grace");
  await expect(preview.locator("p")).toHaveText("Grace, your plan renews soon.");
  await expectNoSeriousA11yViolations(page);
  await shotIfAsked(page, "template-editor-sample-data");

  await page.getByRole("button", { name: "Send test" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await expect(dialog.getByLabel("Send to")).toHaveValue(account.email);
  await expect(dialog.getByText("A variable has no sample value")).toBeVisible();
  await expect(dialog.getByText("{{plan}}", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shotIfAsked(page, "template-send-test-warning");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // With every variable filled, no warning.
  await page.getByLabel("{{plan}}").fill("Pro");
  await page.getByRole("button", { name: "Save draft", exact: true }).click();
  await expect(page.getByText(/^Saved/)).toBeVisible();
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(dialog.getByLabel("Send to")).toHaveValue(account.email);
  await expect(dialog.getByText("A variable has no sample value")).toHaveCount(0);
  const saved = await page.request.get(`/api/v1/templates/${id}`, { headers: { origin: baseURL! } });
  expect(((await saved.json()) as { sampleData: unknown }).sampleData).toEqual({ name: "Grace", plan: "Pro" });
});

test("[TEMPLATES]: with no verified domain yet, Send test goes from the sandbox sender to your own address", async ({
  page,
  account,
  baseURL,
}) => {
  await signIn(page, account);
  const created = await page.request.post("/api/v1/templates", {
    data: { name: "First test", subject: "Hello {{name}}", htmlBody: "<p>Hi {{name}}</p>", sampleData: { name: "Ada" } },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await page.goto(`/templates/${id}`);
  await page.getByRole("button", { name: "Send test" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await expect(dialog.getByText("onboarding@sandbox.mailwright.test")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Add a domain" })).toBeVisible();
  await expect(dialog.getByLabel("Send to")).toHaveValue(account.email);
  await expectNoSeriousA11yViolations(page);
  await shotIfAsked(page, "template-send-test-sandbox");
  await dialog.getByRole("button", { name: "Send test" }).click();
  await expect(dialog.getByText("Test email queued")).toBeVisible();

  const emails = await page.request.get("/api/v1/emails?limit=5", { headers: { origin: baseURL! } });
  const sent = ((await emails.json()) as { data: { from: string; to: string[]; template_id: string }[] }).data;
  expect(sent[0]).toMatchObject({ from: "onboarding@sandbox.mailwright.test", to: [account.email], template_id: id });
});
