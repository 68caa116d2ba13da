import { test, expect, signIn, uniqueEmail } from "./fixtures";
import { inboxFor, inboxHtml } from "./inbox";
import { shotsAtBothWidths } from "./shots";

// An owner invites a marketer; the marketer accepts from the dev inbox's email, sets a password,
// signs in, and can open neither the API keys page nor the API keys API with that session.

test("invite a marketer who then cannot open API keys", async ({ page, account, browser }) => {
  await signIn(page, account);
  await page.getByRole("link", { name: "Members" }).first().click();
  await expect(page.getByRole("heading", { name: "Members" })).toBeVisible();
  await expect(page.getByRole("cell", { name: account.email })).toBeVisible();

  const marketerEmail = uniqueEmail("marketer");
  await page.getByRole("button", { name: "Invite member" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a member" });
  await dialog.getByLabel("Email").fill(marketerEmail);
  await dialog.getByLabel("Role").selectOption("marketer");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog).toBeHidden();
  const invitations = page.getByRole("table", { name: "Invitations" });
  const row = invitations.getByRole("row", { name: new RegExp(marketerEmail) });
  await expect(row).toContainText("Marketer");
  await expect(row).toContainText("Pending");
  await shotsAtBothWidths(page, "members");

  // The link, from the dev inbox (the owner's session reads it).
  const [message] = await inboxFor(page.request, marketerEmail);
  expect(message, "the invitation reached the dev inbox").toBeTruthy();
  const html = await inboxHtml(page.request, message.id);
  const link = /href="([^"]*\/invite\/[A-Za-z0-9_-]+)"/.exec(html)?.[1];
  expect(link).toBeTruthy();
  const invitePath = new URL(link!).pathname;

  // The marketer, in a browser of their own.
  const context = await browser.newContext();
  const marketer = await context.newPage();
  await marketer.goto(invitePath);
  await expect(marketer.getByText(/invited as marketer/i)).toBeVisible();
  await marketer.getByLabel("Name").fill("Mara Marketer");
  await marketer.getByLabel("Password", { exact: true }).fill("marketer-password-1");
  await marketer.getByRole("button", { name: "Set password and join" }).click();
  await expect(marketer).toHaveURL(/\/overview$/);

  // The navigation leaves API keys out, the page refuses, and so does the API.
  const nav = marketer.getByRole("navigation", { name: "Main" }).first();
  await expect(nav.getByRole("link", { name: "Contacts" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await marketer.goto("/api-keys");
  await expect(marketer.getByText("You cannot open API keys")).toBeVisible();
  const refused = await marketer.request.get("/api/v1/api-keys");
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  // What a marketer does do still works.
  expect((await marketer.request.get("/api/v1/contacts")).status()).toBe(200);

  // The link works once.
  await marketer.goto(invitePath);
  await expect(marketer.getByText(/already used/)).toBeVisible();
  await context.close();

  // The owner's audit log shows the invitation and the join.
  await page.goto("/audit-log");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await expect(page.getByText("member.invited")).toBeVisible();
  await expect(page.getByText("member.joined")).toBeVisible();
  await shotsAtBothWidths(page, "audit-log");
  await page.goto("/members");
  await expect(invitations.getByRole("row", { name: new RegExp(marketerEmail) })).toContainText("Accepted");
  await expect(page.getByRole("table", { name: "Members" }).getByRole("row", { name: /Mara Marketer/ })).toContainText("Marketer");
});
