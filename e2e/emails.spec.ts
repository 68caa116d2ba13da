import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { expectNoSeriousA11yViolations } from "./axe";
import { shotIfAsked } from "./shots";

test("[EMAILS]: follow emails in the log, filter them, read a bounce and cancel a scheduled email for a refund", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  // Delivery runs in the worker; a job that hits a transient error is retried 30 s later.
  test.setTimeout(120_000);
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const headers = { origin: baseURL! };
  const send = async (data: Record<string, unknown>) => {
    const response = await page.request.post("/api/v1/emails", { data: { from: `Acme <hello@${domain}>`, ...data }, headers });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  await send({
    to: "delivered@simulator.test",
    subject: "Welcome aboard",
    html: "<p>Hi</p>",
    tags: [{ name: "category", value: "welcome" }],
  });
  const bouncedId = await send({
    to: "bounced@simulator.test",
    subject: "Your invoice",
    html: "<p>Invoice</p>",
    tags: [{ name: "category", value: "billing" }],
  });
  const inADay = new Date(Date.now() + 24 * 3600_000).toISOString();
  await send({ to: ["later@simulator.test", "team@simulator.test"], subject: "Tomorrow's digest", text: "Digest", scheduled_at: inADay });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Emails" }).click();
  const welcome = page.getByRole("row", { name: /Welcome aboard/ });
  const invoice = page.getByRole("row", { name: /Your invoice/ });
  // Queued at first; the log refreshes itself while anything is in flight. (The status badge
  // says what it means in its title; "Last event" is another column.)
  await expect(welcome.getByTitle("The receiving server accepted it")).toHaveText("Delivered", { timeout: 60_000 });
  await expect(invoice.getByTitle("The receiving server refused it")).toHaveText("Bounced", { timeout: 60_000 });
  await expect(page.getByRole("row", { name: /Tomorrow's digest/ }).getByTitle("Waiting for its send time")).toHaveText("Scheduled");

  await page.getByLabel("Status").selectOption("bounced");
  await expect(invoice).toBeVisible();
  await expect(welcome).toHaveCount(0);
  await expect(page).toHaveURL(/status=bounced/);
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await page.getByLabel("Tag").fill("category:welcome");
  await page.getByLabel("Tag").press("Enter");
  await expect(welcome).toBeVisible();
  await expect(invoice).toHaveCount(0);
  await page.getByRole("button", { name: "Clear filters" }).first().click();

  // The bounce, with the receiving server's code and message, in the timeline.
  await invoice.getByRole("link", { name: "Your invoice" }).click();
  await expect(page).toHaveURL(new RegExp(`/emails/${bouncedId}$`));
  const timeline = page.getByRole("list", { name: "Event timeline" });
  await expect(timeline.getByText("Bounced", { exact: true })).toBeVisible();
  await expect(timeline.getByText("Hard", { exact: true })).toBeVisible();
  await expect(timeline.getByText(/550 5\.1\.1 simulated/)).toBeVisible();
  await expect(page.getByText("category: billing")).toBeVisible();

  // Scheduled: cancel, and the credits come back.
  await page.goto("/emails/scheduled");
  const digest = page.getByRole("row", { name: /Tomorrow's digest/ });
  await expect(digest.getByText("later@simulator.test", { exact: true })).toBeVisible();
  await digest.getByRole("button", { name: /Cancel/ }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel scheduled email" });
  await expect(confirm).toContainText("Tomorrow's digest");
  await confirm.getByRole("button", { name: "Cancel email" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Email cancelled, credits refunded")).toBeVisible();
  await expect(page.getByText("Nothing scheduled")).toBeVisible();

  await page.getByRole("link", { name: "your credits" }).click();
  await expect(page).toHaveURL(/\/settings#credits$/);
  // 3000 free credits, 4 recipients debited, 2 refunded.
  await expect(page.getByTestId("credit-balance")).toHaveText("2,998");
  const refund = page.getByRole("row", { name: /Scheduled email cancelled/ });
  await expect(refund.getByText("Refund", { exact: true })).toBeVisible();
  await expect(refund.getByText("+2")).toBeVisible();
  await page.getByRole("radio", { name: "Debits" }).check({ force: true });
  await expect(page.getByRole("row", { name: /Scheduled email cancelled/ })).toHaveCount(0);
  await expect(page.getByRole("row", { name: /Email to 2 recipients/ })).toBeVisible();
});

test("[EMAILS]: an email where some recipients bounced shows as partially bounced", async ({ page, account, dns, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const response = await page.request.post("/api/v1/emails", {
    data: { from: `Acme <hello@${domain}>`, to: ["delivered@simulator.test", "bounced@simulator.test"], subject: "Team news", text: "x" },
    headers: { origin: baseURL! },
  });
  expect(response.status(), await response.text()).toBe(201);
  const id = ((await response.json()) as { id: string }).id;

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Emails" }).click();
  const row = page.getByRole("row", { name: /Team news/ });
  await expect(row.getByText("Partially bounced")).toBeVisible({ timeout: 60_000 });
  await expect(row.getByTitle("The receiving server accepted it")).toHaveText("Delivered");
  await expectNoSeriousA11yViolations(page);
  await shotIfAsked(page, "emails-list-partially-bounced");

  await row.getByRole("link", { name: "Team news" }).click();
  await expect(page).toHaveURL(new RegExp(`/emails/${id}$`));
  await expect(page.getByText("Partially bounced").first()).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Not delivered to bounced@simulator.test;" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shotIfAsked(page, "email-detail-partially-bounced");
});
