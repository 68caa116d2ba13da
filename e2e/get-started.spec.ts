import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";

const SANDBOX_FROM = "onboarding@sandbox.mailwright.test";
// The two paths, in the one order and wording the Overview uses too.
const MARKETER_STEPS = ["Import or add contacts", "Start an automation from a scenario", "Send a broadcast", "See the opens"];
const DEVELOPER_STEPS = ["Create an API key", "Send an email with the printed cURL", "Verify a domain", "Add a webhook"];

// GET_STARTED_SHOTS_DIR=/tmp/shots-get-started keeps screenshots of the states the test walks through.
async function shot(page: Page, name: string) {
  const dir = process.env.GET_STARTED_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

test("[GET STARTED]: sign up, send a test email from the sandbox sender and read it in the dev inbox; the cURL works as printed", async ({
  page,
  baseURL,
}) => {
  // Delivery runs in the worker; a job that hits a transient error is retried 30 s later.
  test.setTimeout(120_000);
  const email = uniqueEmail("start");
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill("Start Tester");
  await page.getByLabel("Work email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Get started", level: 1 })).toBeVisible();

  // A marketer's path beside a developer's, nothing done yet; the domain step names the records
  // the domain page asks for.
  const paths = page.getByRole("navigation", { name: "Paths" });
  await expect(paths.getByRole("link")).toHaveText([/^Marketer\s*0 of 4 done/, /^Developer\s*0 of 4 done/]);
  const marketer = page.getByRole("region", { name: "Marketer path" });
  const developer = page.getByRole("region", { name: "Developer path" });
  await expect(marketer.getByRole("heading", { level: 3 })).toHaveText(MARKETER_STEPS);
  await expect(developer.getByRole("heading", { level: 3 })).toHaveText(DEVELOPER_STEPS);
  await expect(developer).toContainText("publish its MX and SPF records (required) and its DKIM and DMARC records (recommended)");
  await expect(marketer.getByRole("link", { name: "Import or add contacts" })).toHaveAttribute("href", "/contacts");
  await expect(marketer.getByRole("link", { name: "Browse scenarios" })).toHaveAttribute("href", "/automations/scenarios");
  await expect(developer.getByRole("link", { name: "Create API key" })).toHaveAttribute("href", "/api-keys");
  await expect(developer.getByRole("link", { name: "Add a webhook" })).toHaveAttribute("href", "/webhooks");
  await expect(page.getByText("(done)")).toHaveCount(0);

  // The cURL names the sandbox sender and the account's own address: no domain needed.
  const curl = page.locator("pre code");
  await expect(curl).toContainText(`"from": "Mailwright <${SANDBOX_FROM}>"`);
  await expect(curl).toContainText(`"to": ["${email}"]`);
  await expect(curl).toContainText(`curl -X POST ${baseURL}/api/v1/emails`);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "01-get-started");

  // The printed cURL, run by a shell with a real key in $MAILWRIGHT_API_KEY, sends as is.
  const printed = (await curl.textContent()) ?? "";
  const created = await page.request.post("/api/v1/api-keys", { data: { name: "curl" }, headers: { origin: baseURL! } });
  expect(created.status(), await created.text()).toBe(201);
  const { key } = (await created.json()) as { key: string };
  const output = execFileSync("sh", ["-c", `${printed} --silent --show-error --write-out '\n%{http_code}'`], {
    env: { ...process.env, MAILWRIGHT_API_KEY: key },
    encoding: "utf8",
  });
  expect(output).toMatch(/^\{"id":"em_\w+".*\}\n201$/s);
  // The key and the email are the account's records now: the developer's first two steps are done.
  await page.reload();
  await expect(developer.getByRole("listitem")).toHaveText([/\(done\)/, /\(done\)/, /^(?!.*\(done\))/s, /^(?!.*\(done\))/s]);
  await expect(paths.getByRole("link")).toHaveText([/0 of 4 done/, /2 of 4 done/]);

  // The button sends through the API, from the sandbox sender to the account's email.
  await page.getByRole("button", { name: "Send me a test email" }).click();
  const sent = page.getByRole("status").filter({ hasText: "Test email queued" });
  await expect(sent).toContainText(email);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "02-test-sent");
  await sent.getByRole("link", { name: "View email" }).click();
  await expect(page).toHaveURL(/\/emails\/em_/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your first Mailwright email");
  const timeline = page.getByRole("list", { name: "Event timeline" });
  await expect(timeline.getByText("Delivered", { exact: true })).toBeVisible({ timeout: 60_000 });

  // In the dev inbox, all inside the dashboard.
  await page.getByRole("link", { name: "View in dev inbox" }).click();
  await expect(page).toHaveURL(/\/inbox\?message=inb_/);
  const message = page.getByRole("article");
  await expect(message.getByRole("heading", { name: "Your first Mailwright email" })).toBeVisible();
  await expect(message.getByText(email, { exact: true })).toBeVisible();
  await expect(message.getByText(SANDBOX_FROM).first()).toBeVisible();
  await expect(page.frameLocator('iframe[title="Message HTML"]').locator("p")).toContainText("It works!");
  await shot(page, "03-inbox");
});
