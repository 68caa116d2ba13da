import { execFileSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, signUp, test, uniqueEmail } from "./fixtures";
import { inboxFor, inboxHtml } from "./inbox";
import { shotsAtBothWidths } from "./shots";

const SANDBOX_FROM = "onboarding@sandbox.mailwright.test";

interface DeliveredEvent {
  id: string;
  type: string;
  data: { email_id: string };
}

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine, as a developer runs one beside their app. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mailwright/events`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

// A developer's first day on the embedded default (local mode), all through the dashboard and
// the API as printed: an API key, the Get started cURL, a template with a dotted variable whose
// preview is what the recipient gets, and a signed webhook to a receiver on 127.0.0.1 whose
// delivery log shows the request.
test("[DEVELOPER DAY]: key, printed cURL, a dotted-variable template as previewed, a signed webhook on 127.0.0.1 and its delivery log", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    // Sign up.
    await signUp(page, "Dev Tester", "dev");

    // An API key, from the API keys page.
    await page.goto("/api-keys");
    await page.getByRole("button", { name: "Create API key" }).first().click();
    const create = page.getByRole("dialog", { name: "Create API key" });
    await create.getByLabel("Name", { exact: true }).fill("backend");
    await create.getByRole("radio", { name: /Full access/ }).check();
    await create.getByRole("button", { name: "Create key" }).click();
    const reveal = page.getByRole("dialog", { name: "Your new API key" });
    const key = await reveal.getByLabel("API key", { exact: true }).inputValue();
    expect(key).toMatch(/^mw_/);
    await reveal.getByRole("button", { name: "Copy" }).click();
    await reveal.getByRole("button", { name: "Done" }).click();
    const auth = { Authorization: `Bearer ${key}` };

    // The cURL Get started prints, run by a shell with the key, sends as printed.
    await page.goto("/dashboard");
    const curl = page.locator("pre code").filter({ hasText: "curl -X POST" }).first();
    await expect(curl).toContainText(`${baseURL}/api/v1/emails`);
    const printed = (await curl.textContent()) ?? "";
    const output = execFileSync("sh", ["-c", `${printed} --silent --show-error --write-out '\n%{http_code}'`], {
      env: { ...process.env, MAILWRIGHT_API_KEY: key },
      encoding: "utf8",
    });
    expect(output).toMatch(/^\{"id":"em_\w+".*\}\n201$/s);

    // A webhook to the receiver on this machine (local mode allows it), its secret kept.
    await page.goto("/webhooks");
    await page.getByRole("button", { name: "Add webhook" }).first().click();
    const add = page.getByRole("dialog", { name: "Add webhook" });
    await expect(add.getByText(/^Local mode: webhooks may reach this machine/)).toBeVisible();
    await add.getByLabel("Endpoint URL").fill(receiver.url);
    await add.getByRole("button", { name: "Add webhook" }).click();
    const added = page.getByRole("dialog", { name: "Webhook added" });
    const secret = await added.getByLabel("Signing secret", { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await added.getByRole("button", { name: "Done" }).click();
    await expect(page).toHaveURL(/\/webhooks\/wh_/);
    const webhookPage = page.url();

    // A template with a dotted variable, previewed with a sample value.
    await page.goto("/templates/new");
    await page.getByRole("button", { name: "Edit as HTML" }).click();
    await page.getByRole("dialog", { name: "Edit this email as HTML?" }).getByRole("button", { name: "Switch to HTML" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Receipt");
    await page.getByLabel("Subject", { exact: true }).fill("Your receipt, {{user.first_name}}");
    await page.getByLabel("HTML body").fill("<h1>Thanks, {{user.first_name}}!</h1><p>Order {{order.id}} is on its way.</p>");
    await page.getByLabel("{{user.first_name}}").fill("Ada");
    await page.getByLabel("{{order.id}}").fill("A-1042");
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await expect(preview.locator("h1")).toHaveText("Thanks, Ada!");
    await expect(page.getByTestId("preview-subject")).toHaveText("Your receipt, Ada");
    const previewHeading = await preview.locator("h1").innerHTML();
    const previewParagraph = await preview.locator("p").innerHTML();
    await page.getByRole("button", { name: "Create template" }).click();
    await expect(page).toHaveURL(/\/templates\/tpl_/);
    const templateId = /\/templates\/(tpl_\w+)/.exec(page.url())![1];
    await shotsAtBothWidths(page, "developer-day-template");

    // Sent through the API with the same values, one dotted flat and one nested: the recipient
    // gets what the preview showed.
    const to = uniqueEmail("customer");
    const sent = await page.request.post("/api/v1/emails", {
      headers: auth,
      data: { from: SANDBOX_FROM, to, template_id: templateId, variables: { "user.first_name": "Ada", order: { id: "A-1042" } } },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const emailId = ((await sent.json()) as { id: string }).id;
    await expect
      .poll(async () => (await inboxFor(page.request, to)).map((m) => m.subject), { timeout: 60_000 })
      .toEqual(["Your receipt, Ada"]);
    const [message] = await inboxFor(page.request, to);
    const html = await inboxHtml(page.request, message.id);
    expect(html).toContain(`<h1>${previewHeading}</h1>`);
    expect(html).toContain(`<p>${previewParagraph}</p>`);

    // The receiver got the email's delivery event, signed with the webhook's secret.
    // The signature is checked as any Standard Webhooks library does, minus the five-minute
    // freshness window: earlier specs of the run move the service clock (ENABLE_TEST_CLOCK) ahead.
    const verifier = new Webhook(secret);
    const signedBody = (r: Received) => {
      const header = (name: string) => String(r.headers[name]);
      const expected = verifier.sign(header("webhook-id"), new Date(Number(header("webhook-timestamp")) * 1000), r.body);
      return header("webhook-signature").split(" ").includes(expected) ? (JSON.parse(r.body) as DeliveredEvent) : null;
    };
    const delivered = () =>
      receiver.received.map(signedBody).find((event) => event?.data.email_id === emailId && event.type === "email.delivered");
    await expect.poll(delivered, { timeout: 60_000 }).toBeTruthy();
    const eventId = delivered()!.id;

    // The delivery log shows the request as sent.
    await page.goto(webhookPage);
    const log = page.getByRole("table", { name: "Delivery attempts, newest first" });
    const row = log.getByRole("row", { name: new RegExp(`Show details of attempt 1 for ${eventId} 204 Delivered`) });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: /Show details/ }).click();
    const request = log.getByLabel(/^Request of attempt/).first();
    await expect(request).toContainText(`POST ${receiver.url}`);
    await expect(request).toContainText("webhook-signature: v1,");
    await expect(request).toContainText(emailId);
    await expect(log.getByLabel(/^Response to attempt/).first()).toContainText("HTTP 204");
    await shotsAtBothWidths(page, "developer-day-webhook-log");
  } finally {
    await receiver.close();
  }
});
