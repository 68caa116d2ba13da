import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { shotsAtBothWidths } from "./shots";
import { inboxFor, inboxHtml } from "./inbox";

const normalize = (text: string) => text.replace(/\s+/g, " ").trim();

test("[TEMPLATES]: build an email from blocks, preview it at phone width, save it, send a test and find it in the dev inbox as previewed", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(120_000);
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
  await text.getByRole("textbox", { name: "Text" }).press("End");
  await page.keyboard.type(", three things we shipped. ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("Read on");
  await expect(text.locator("strong")).toHaveText("Read on");

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
  await expect(preview.getByText("Hello Ada, three things we shipped.")).toBeVisible();
  await expect(page.getByTestId("preview-subject")).toHaveText("Spring at Acme, Ada");
  await page.getByRole("radiogroup", { name: "Preview width" }).getByText("Mobile").click();
  await expect(page.getByRole("radio", { name: "Mobile" })).toBeChecked();
  await expect(preview.getByRole("link", { name: "See what is new" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Unsubscribe" })).toBeVisible();
  await expect(preview.getByText("Acme Inc., 1 Main Street, Springfield")).toBeVisible();
  const previewText = normalize(await preview.locator("body").innerText());
  await page.getByRole("button", { name: "Dark" }).click();
  await expect(page.locator('[data-appearance="dark"]')).toBeVisible();
  await shotsAtBothWidths(page, "visual-editor");
  await page.getByRole("button", { name: "Dark" }).click();

  // Saved: the design comes back as blocks after a reload.
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_/);
  await expect(page.getByText(/^Saved/)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("design-editor").getByRole("region")).toHaveText([/^Heading/, /^Text/, /^Button/, /^Footer/]);
  await expect(page.locator(".variable-chip")).toHaveText("first_name · friend");
  await expect(page.getByLabel("{{first_name}}")).toHaveValue("Ada");

  // A test send delivers the same email the preview showed.
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
  expect(normalize(await received.locator("body").innerText())).toBe(previewText);
  // A test send has no recipient contact, so no unsubscribe page: the link is there, empty.
  await expect(received.getByRole("link", { name: "Unsubscribe" })).toBeVisible();
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
