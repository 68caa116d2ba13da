import path from "node:path";
import { createAccount, expect, signIn, test } from "../e2e/fixtures";
import { createVerifiedDomain } from "../e2e/dns";

const dir = "/tmp/shots-sending";
const shot = (name: string, fullPage = true) => ({ path: path.join(dir, `${name}.png`), fullPage });

test("tour", async ({ page, request, dns, baseURL }) => {
  const account = await createAccount(request, "shots");
  await signIn(page, account);
  const headers = { origin: baseURL! };

  await page.goto("/templates");
  await expect(page.getByText("Create your first template")).toBeVisible();
  await page.screenshot(shot("01-templates-empty"));
  await page.goto("/emails");
  await expect(page.getByText("No emails sent yet")).toBeVisible();
  await page.screenshot(shot("02-emails-empty"));
  await page.goto("/inbox");
  await expect(page.getByText("Your dev inbox is empty")).toBeVisible();
  await page.screenshot(shot("03-inbox-empty"));

  // New template editor, and the send-test dialog without a verified domain.
  await page.goto("/templates/new");
  await page.getByLabel("Name", { exact: true }).fill("Welcome email");
  await page.getByLabel("{{name}}").fill("Ada <Lovelace>");
  await page.getByLabel("{{company}}").fill("Acme");
  await page.getByLabel("{{action_url}}").fill("https://acme.test/start");
  await page.waitForTimeout(300);
  await page.screenshot(shot("04-template-new"));
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page).toHaveURL(/tpl_/);
  const templateId = page.url().split("/").pop()!;
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByText("You need a verified domain")).toBeVisible();
  await page.screenshot(shot("05-send-test-no-domain", false));
  await page.keyboard.press("Escape");

  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!, `acme-${Date.now()}.example`);
  for (const [name, subject, html] of [
    ["Password reset", "Reset your password, {{name}}", "<p>Hi {{name}}, reset at {{{reset_link}}}</p>"],
    ["Invoice", "Invoice {{invoice.number}} from {{company}}", "<p>{{#items}}<li>{{title}}</li>{{/items}}</p><p>Total {{total}} {{currency}} {{due}} {{plan}}</p>"],
    ["Plain announcement", "Big news", "<p>No variables here.</p>"],
  ]) {
    await page.request.post("/api/v1/templates", { data: { name, subject, htmlBody: html }, headers });
  }

  await page.goto(`/templates/${templateId}`);
  await expect(page.getByLabel("{{name}}")).toHaveValue("Ada <Lovelace>");
  await page.waitForTimeout(300);
  await page.screenshot(shot("06-template-editor"));
  await page.getByRole("radio", { name: "Mobile" }).check({ force: true });
  await page.waitForTimeout(300);
  await page.screenshot(shot("07-template-editor-mobile"));
  await page.getByLabel("HTML body").press("End");
  await page.getByLabel("HTML body").pressSequentially("{{#broken}}");
  await page.screenshot(shot("08-template-editor-syntax-error"));
  for (let i = 0; i < 11; i++) await page.getByLabel("HTML body").press("Backspace");
  await page.getByRole("radio", { name: "Desktop" }).check({ force: true });

  await page.getByRole("button", { name: "Send test" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await dialog.getByLabel("Send to").fill("delivered@simulator.test");
  await page.screenshot(shot("09-send-test-dialog", false));
  await dialog.getByRole("button", { name: /Send test|Save and send/ }).click();
  await expect(dialog.getByText("Test email queued")).toBeVisible();
  await page.screenshot(shot("10-send-test-sent", false));
  await dialog.getByRole("link", { name: "View email" }).click();
  await expect(page.getByRole("list", { name: "Event timeline" }).getByText("Delivered", { exact: true })).toBeVisible({ timeout: 45_000 });
  const testEmailUrl = page.url();

  await page.goto("/templates");
  await expect(page.getByRole("row", { name: /Invoice/ })).toBeVisible();
  await page.screenshot(shot("11-templates-list"));

  // Traffic for the log.
  const send = (data: Record<string, unknown>) => page.request.post("/api/v1/emails", { data: { from: `Acme <hello@${domain}>`, ...data }, headers });
  await send({ to: "bounced@simulator.test", subject: "Your March invoice", html: "<p>Invoice</p>", tags: [{ name: "category", value: "billing" }] });
  await send({ to: "complained@simulator.test", subject: "Weekly digest", html: "<p>Digest</p>", tags: [{ name: "category", value: "digest" }] });
  await send({ to: ["delivered@simulator.test", "second@simulator.test"], cc: "cc@simulator.test", subject: "Team update", html: "<h1>Update</h1><p>Read <a href=\"https://acme.test/blog\">the post</a>.</p>", text: "Update: https://acme.test/blog" });
  await send({ to: "soft-bounced@simulator.test", subject: "Server maintenance", text: "Heads up" });
  await send({ to: "later@simulator.test", subject: "Tomorrow's reminder", text: "Reminder", scheduled_at: new Date(Date.now() + 26 * 3600_000).toISOString() });
  await send({ to: ["a@simulator.test", "b@simulator.test"], subject: "Launch announcement", html: "<p>Launch</p>", scheduled_at: new Date(Date.now() + 3 * 24 * 3600_000).toISOString() });

  await page.goto("/emails");
  await expect(page.getByRole("row", { name: /Your March invoice/ }).getByTitle("The receiving server refused it")).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole("row", { name: /Team update/ }).getByTitle("The receiving server accepted it")).toBeVisible({ timeout: 45_000 });
  await page.screenshot(shot("12-emails-log"));

  // Opens and clicks from the delivered copy's tracking links.
  const inbox = (await (await page.request.get("/api/v1/inbox?limit=20")).json()) as { data: { id: string; subject: string; to: string[] }[] };
  const team = inbox.data.find((m) => m.subject === "Team update" && m.to[0] === "delivered@simulator.test")!;
  const full = (await (await page.request.get(`/api/v1/inbox/${team.id}`)).json()) as { html: string; emailId: string };
  const urls = [...full.html.matchAll(/https?:\/\/[^"']+\/t\/[oc]\/[A-Za-z0-9]+/g)].map((m) => m[0]);
  for (const url of urls) {
    await request.get(url, { headers: { "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15" }, maxRedirects: 0 });
  }
  await page.goto(`/emails/${full.emailId}`);
  await expect(page.getByRole("list", { name: "Event timeline" }).getByText("Clicked", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot(shot("13-email-detail-opened-clicked"));
  await page.goto(testEmailUrl);
  await expect(page.getByRole("list", { name: "Event timeline" }).getByText("Delivered", { exact: true })).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot(shot("14-email-detail-template"));
  await page.goto("/emails?status=bounced");
  await page.getByRole("link", { name: "Your March invoice" }).click();
  await expect(page.getByRole("list", { name: "Event timeline" }).getByText("Bounced", { exact: true })).toBeVisible();
  await page.screenshot(shot("15-email-detail-bounced"));
  await page.getByRole("tab", { name: "Plain text" }).click();

  await page.goto("/emails/scheduled");
  await expect(page.getByRole("row", { name: /Tomorrow's reminder/ })).toBeVisible();
  await page.screenshot(shot("16-scheduled"));
  await page.getByRole("row", { name: /Tomorrow's reminder/ }).getByRole("button", { name: /Cancel/ }).click();
  await page.screenshot(shot("17-cancel-dialog", false));
  await page.getByRole("dialog").getByRole("button", { name: "Cancel email" }).click();
  await expect(page.getByText("Email cancelled, credits refunded")).toBeVisible();
  await page.screenshot(shot("18-scheduled-after-cancel"));

  await page.goto(`/inbox?message=${team.id}`);
  await expect(page.frameLocator('iframe[title="Message HTML"]').locator("h1")).toHaveText("Update");
  await page.waitForTimeout(300);
  await page.screenshot(shot("19-inbox-html"));
  await page.getByRole("tab", { name: "Raw source" }).click();
  await page.screenshot(shot("20-inbox-raw"));
  await page.getByRole("tab", { name: "Text" }).click();
  await page.screenshot(shot("21-inbox-text"));

  await page.goto("/settings");
  await expect(page.getByTestId("credit-balance")).toBeVisible();
  await page.screenshot(shot("22-settings-credits"));

  await page.goto("/dashboard");
  await page.screenshot(shot("23-get-started-done"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/templates/${templateId}`);
  await page.waitForTimeout(500);
  await page.screenshot(shot("24-mobile-template-editor"));
  await page.goto("/emails");
  await page.screenshot(shot("25-mobile-emails"));
  await page.goto(`/inbox?message=${team.id}`);
  await page.waitForTimeout(500);
  await page.screenshot(shot("26-mobile-inbox"));
});

test("get started before a domain", async ({ page, request }) => {
  const account = await createAccount(request, "shots2");
  await signIn(page, account);
  await page.screenshot(shot("27-get-started-new"));
});
