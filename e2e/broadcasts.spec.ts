import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, signIn, test, uniqueEmail } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { inboxFor } from "./inbox";
import { shotIfAsked } from "./shots";

const SHOTS = process.env.SCREENSHOT_DIR ?? path.join("test-results", "broadcasts");

test("[BROADCASTS]: compose a broadcast with a live preview, send a test to me, send it to a list and watch its stats", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  // Fan-out and delivery run in the worker.
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);

  // A list of three: two subscribed members and one who unsubscribed.
  const listName = `Newsletter ${Date.now()}`;
  const list = await page.request.post("/api/v1/lists", { data: { name: listName }, headers });
  expect(list.status(), await list.text()).toBe(201);
  const listId = ((await list.json()) as { id: string }).id;
  const members = [
    { email: uniqueEmail("ann"), name: "Ann" },
    { email: uniqueEmail("bob"), name: "Bob" },
  ];
  for (const member of members) {
    const joined = await page.request.post(`/api/v1/lists/${listId}/contacts`, { data: member, headers });
    expect(joined.status(), await joined.text()).toBeLessThan(300);
  }
  const gone = await page.request.post("/api/v1/contacts", { data: { email: uniqueEmail("gone"), subscribed: false }, headers });
  expect(gone.status(), await gone.text()).toBe(201);
  const goneJoined = await page.request.post(`/api/v1/lists/${listId}/contacts`, {
    data: { contactId: ((await gone.json()) as { id: string }).id },
    headers,
  });
  expect(goneJoined.status()).toBeLessThan(300);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Broadcasts" }).click();
  await expect(page.getByText("Send your first broadcast")).toBeVisible();
  await page.getByRole("link", { name: "New broadcast" }).first().click();
  await expect(page).toHaveURL(/\/broadcasts\/new$/);

  await page.getByLabel("Name", { exact: true }).fill("Spring news");
  await page.getByLabel("From", { exact: true }).fill(`Acme <news@${domain}>`);
  await page.getByLabel("List", { exact: true }).selectOption({ label: `${listName} (3 members)` });
  await expect(page.getByText("3 members; unsubscribed and suppressed ones are skipped.")).toBeVisible();
  await page.getByLabel("Subject", { exact: true }).fill("Spring at Acme, {{name}}");
  // New broadcasts open in the visual editor; this one is written as HTML.
  await page.getByRole("button", { name: "Edit as HTML" }).click();
  await page.getByRole("dialog", { name: "Edit this email as HTML?" }).getByRole("button", { name: "Switch to HTML" }).click();
  await page
    .getByLabel("HTML body")
    .fill('<h1>Hi {{name}}</h1><p>Three things shipped for {{list_name}}.</p><a href="{{{unsubscribe_url}}}">Unsubscribe</a>');
  // The preview renders as a member named Ann would get it.
  const preview = page.frameLocator('iframe[title="Email preview"]');
  await expect(preview.locator("h1")).toHaveText("Hi Ann");
  await expect(preview.locator("p")).toHaveText(`Three things shipped for ${listName}.`);
  await expect(page.getByTestId("preview-subject")).toHaveText("Spring at Acme, Ann");

  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/broadcasts\/bc_/);
  await expect(page.getByText("Draft saved")).toBeVisible();
  // Opened afresh, the draft shows its list once the lists have loaded, not "Pick a list".
  await page.reload();
  await expect(page.getByLabel("List", { exact: true }).locator("option:checked")).toHaveText(`${listName} (3 members)`);
  await expect(page.getByText("3 members; unsubscribed and suppressed ones are skipped.")).toBeVisible();

  await page.getByRole("button", { name: "Send test to me" }).click();
  await expect(page.getByText(`Test sent to ${account.email}.`)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "broadcast-compose.png"), fullPage: true });

  await page.getByRole("button", { name: "Send now…" }).click();
  const confirm = page.getByRole("dialog", { name: "Send this broadcast now?" });
  await expect(confirm.getByText(/It goes to 3 members who are subscribed and not suppressed/)).toBeVisible();
  await confirm.getByRole("button", { name: "Send", exact: true }).click();

  // The page becomes the broadcast's report, and its stats follow the worker.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spring news");
  await expect(page.getByTestId("broadcast-status")).toHaveText("Sent", { timeout: 60_000 });
  await expect(page.getByTestId("stat-recipients")).toHaveText("2");
  await expect(page.getByTestId("stat-skipped")).toHaveText("1");
  await expect(page.getByTestId("stat-delivered")).toHaveText("2", { timeout: 60_000 });
  // Each member's email with its status; no link has been followed yet.
  const recipients = page.getByRole("table", { name: /recipients and what happened/ });
  for (const member of members) {
    await expect(recipients.getByRole("row", { name: new RegExp(member.email) })).toContainText("Delivered", { timeout: 30_000 });
  }
  await expect(recipients.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Recipients with status").selectOption("bounced");
  await expect(recipients).toContainText("No recipient has this status.");
  await page.getByLabel("Recipients with status").selectOption("");
  await expect(page.getByRole("region", { name: "Clicked links" })).toContainText("No clicks yet.");
  await page.screenshot({ path: path.join(SHOTS, "broadcast-report.png"), fullPage: true });
  // What it was sent with, at the desktop width here and at a phone's on a phone.
  const content = page.getByRole("region", { name: "Content" });
  await expect(content.getByRole("radio", { name: "Desktop" })).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(content.getByRole("radio", { name: "Mobile" })).toBeChecked();
  await expect(content.locator('iframe[title="Broadcast content"]')).toHaveCSS("width", "375px");
  // The recipients table scrolls inside its box: the page stays the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shotIfAsked(page, "broadcast-report-390");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Each subscribed member got their own email; the unsubscribed one got none.
  for (const member of members) {
    await expect
      .poll(async () => (await inboxFor(page.request, member.email)).map((m) => m.subject))
      .toEqual([`Spring at Acme, ${member.name}`]);
  }
  const tests = (await inboxFor(page.request, account.email)).map((m) => m.subject);
  expect(tests.filter((s) => s.startsWith("[Test] Spring at Acme, "))).toHaveLength(1);

  await page.getByRole("link", { name: "Broadcasts" }).first().click();
  const row = page.getByRole("row", { name: /Spring news/ });
  await expect(row.getByTestId("broadcast-status")).toHaveText("Sent");
  await expect(row.getByRole("cell", { name: listName })).toBeVisible();
});
