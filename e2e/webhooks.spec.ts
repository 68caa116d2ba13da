import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { expectNoSeriousA11yViolations } from "./axe";
import { shotIfAsked, shotsAtBothWidths } from "./shots";

// The e2e server runs in local mode (the dev-inbox transport): the create form says a webhook
// may reach this machine (the refusal outside local mode is covered by integration tests). A
// name that does not resolve is accepted but fails every attempt. The test clock walks the
// retries (1 min ... 8 h) until the webhook fails, then the page offers to recreate it.
test("[WEBHOOKS]: add a webhook, keep its secret, follow failing deliveries until it fails, recreate it", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signIn(page, account);
  const headers = { origin: baseURL! };
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByText("No webhooks yet")).toBeVisible();
  await page.getByRole("button", { name: "Add webhook" }).first().click();
  const create = page.getByRole("dialog", { name: "Add webhook" });
  const url = create.getByLabel("Endpoint URL");
  await expect(url).toHaveAccessibleDescription(
    /^Local mode: webhooks may reach this machine and your network, e\.g\. http:\/\/127\.0\.0\.1:4000\/hooks/,
  );

  await url.fill("https://hooks.example.com/mailwright");
  // Delivered is the one event of the email below whose attempts the log is followed by.
  await create.getByRole("checkbox", { name: /^Sent/ }).uncheck();
  await create.getByRole("checkbox", { name: /Opened/ }).uncheck();
  await create.getByRole("checkbox", { name: /Clicked/ }).uncheck();
  await create.getByRole("button", { name: "Add webhook" }).click();
  const reveal = page.getByRole("dialog", { name: "Webhook added" });
  const shown = await reveal.getByLabel("Signing secret").inputValue();
  expect(shown).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await reveal.getByRole("button", { name: "Done" }).click();

  // The detail page: the secret masked until revealed.
  await expect(page).toHaveURL(/\/webhooks\/wh_/);
  await expect(page.getByRole("heading", { name: "https://hooks.example.com/mailwright" })).toBeVisible();
  const secret = page.getByLabel(/Signing secret/);
  await expect(secret).not.toHaveValue(shown);
  await page.getByRole("button", { name: "Reveal" }).click();
  await expect(secret).toHaveValue(shown);
  await expect(page.getByRole("checkbox", { name: /Delivered/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Opened/ })).not.toBeChecked();

  // Events editing.
  await page.getByRole("checkbox", { name: /Opened/ }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();

  // An event: its attempt fails (the name does not resolve) and shows in the log.
  const sent = await page.request.post("/api/v1/emails", {
    data: { from: `Acme <hello@${domain}>`, to: "delivered@simulator.test", subject: "Hello", text: "hi" },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const log = page.getByRole("table", { name: "Delivery attempts, newest first" });
  const attemptRow = (n: number) => log.getByRole("row", { name: new RegExp(`No response.*Delivered.* ${n} of 6`) });
  const waitForAttempt = (n: number) =>
    expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(attemptRow(n)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
  await waitForAttempt(1);
  await attemptRow(1)
    .getByRole("button", { name: /Show details/ })
    .click();
  await expect(log.getByText(/could not resolve hooks\.example\.com/)).toBeVisible();

  // Retries when due on the test clock; after the 5th retry fails the webhook is failed.
  for (const [i, minutes] of [1, 5, 30, 120, 480].entries()) {
    const moved = await page.request.post("/api/dev/clock", { data: { advanceMinutes: minutes + 0.1 }, headers });
    expect(moved.status(), await moved.text()).toBe(200);
    await waitForAttempt(i + 2);
  }
  await page.reload();
  await expect(page.getByText("This webhook has failed and receives no more events")).toBeVisible();
  await expect(page.getByText("Failed", { exact: true }).first()).toBeVisible();

  await page.getByRole("button", { name: "Recreate webhook" }).click();
  const recreate = page.getByRole("dialog", { name: "Recreate webhook" });
  await expect(recreate.getByLabel("Endpoint URL")).toHaveValue("https://hooks.example.com/mailwright");
  await recreate.getByRole("button", { name: "Add webhook" }).click();
  const again = page.getByRole("dialog", { name: "Webhook added" });
  await expect(again.getByLabel("Signing secret")).not.toHaveValue(shown);
  await again.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("This webhook has failed")).toHaveCount(0);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Webhooks", exact: true }).first().click();
  await expect(page.getByRole("row", { name: /hooks\.example\.com/ })).toHaveCount(2);
});

// Health, test events of any type and re-sending a delivery. The endpoint's name
// does not resolve, so every attempt fails: the webhook shows as failing before it fails.
test("[WEBHOOKS]: send a test event of a chosen type, re-send a delivery, see the webhook failing", async ({ page, account, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, account);
  const headers = { origin: baseURL! };
  const created = await page.request.post("/api/v1/webhooks", { data: { url: "https://hooks.example.com/health-check" }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  await page.goto(`/webhooks/${id}`);
  await expect(page.getByText("No delivery attempts in the last 24 hours")).toBeVisible();
  await page.getByLabel("Test event type").selectOption("email.bounced");
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByRole("button", { name: "Test event sent" })).toBeVisible();

  const log = page.getByRole("table", { name: "Delivery attempts, newest first" });
  const rows = log.getByRole("row", { name: /No response/ });
  const waitForRows = (n: number) =>
    expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(rows).toHaveCount(n, { timeout: 1_000 });
    }).toPass({ timeout: 45_000 });
  await waitForRows(1);
  await expect(rows.first().getByText("Bounced", { exact: true })).toBeVisible();

  // Re-send: the same event again, as a new delivery in the log.
  await rows
    .first()
    .getByRole("button", { name: /^Re-send evt_test_/ })
    .click();
  await expect(log.getByRole("button", { name: /^Re-send/ }).getByText("Queued")).toBeVisible();
  await waitForRows(2);
  await expect(log.getByText(/evt_test_\w+\.r\w+/)).toBeVisible();

  // A third failed attempt of three: the webhook is failing (not yet failed).
  await page.getByLabel("Test event type").selectOption("email.clicked");
  await page.getByRole("button", { name: "Send test event" }).click();
  await waitForRows(3);
  await page.reload();
  await expect(page.getByText("This webhook is failing")).toBeVisible();
  await expect(page.getByText("Failing", { exact: true })).toBeVisible();
  await expect(page.getByText("3 of 3 recent attempts failed (100%)").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shotIfAsked(page, "webhook-detail-failing");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
  const row = page.getByRole("row", { name: /hooks\.example\.com\/health-check/ });
  await expect(row.getByText("Failing", { exact: true })).toBeVisible();
  await expect(row.getByText("100% failed")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shotIfAsked(page, "webhooks-list-failing");
});

/** Nothing scrolls the page sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

// Local mode: a webhook to a receiver on this machine gets the event, and the delivery log
// opens to the request as sent (signature headers included) and the receiver's answer.
test("[WEBHOOKS]: a local webhook receives a test event; its delivery log shows the request and the response", async ({
  page,
  account,
}) => {
  test.setTimeout(120_000);
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json", "x-receiver": "e2e" });
      res.end('{"thanks":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/mailwright-local-endpoint-with-a-long-path`;
  try {
    await signIn(page, account);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Webhooks" }).click();
    await page.getByRole("button", { name: "Add webhook" }).first().click();
    const create = page.getByRole("dialog", { name: "Add webhook" });
    await expect(create.getByText(/^Local mode: webhooks may reach this machine/)).toBeVisible();
    await shotsAtBothWidths(page, "webhook-create-dialog");
    await create.getByLabel("Endpoint URL").fill(hookUrl);
    await create.getByRole("button", { name: "Add webhook" }).click();
    await page.getByRole("dialog", { name: "Webhook added" }).getByRole("button", { name: "Done" }).click();

    await expect(page.getByRole("heading", { name: hookUrl })).toBeVisible();
    await page.getByRole("button", { name: "Send test event" }).click();
    const log = page.getByRole("table", { name: "Delivery attempts, newest first" });
    const row = log.getByRole("row", { name: /200.*Delivered.* 1 of 6/ });
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    expect(received).toHaveLength(1);

    await row.getByRole("button", { name: /Show details/ }).click();
    const request = log.getByLabel("Request of attempt 1");
    await expect(request).toContainText(`POST ${hookUrl}`);
    await expect(request).toContainText(`webhook-signature: ${received[0].headers["webhook-signature"]}`);
    await expect(request).toContainText(`webhook-id: ${received[0].headers["webhook-id"]}`);
    await expect(request).toContainText(received[0].body);
    const response = log.getByLabel("Response to attempt 1");
    await expect(response).toContainText("HTTP 200");
    await expect(response).toContainText("x-receiver: e2e");
    await expect(response).toContainText('{"thanks":true}');
    await expectNoSeriousA11yViolations(page);
    await shotsAtBothWidths(page, "webhook-detail-delivery-open");

    // A phone: the long URL wraps, and neither the page nor the open entry scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    const box = await request.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.goto("/webhooks");
    await expect(page.getByRole("row", { name: /127\.0\.0\.1/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shotsAtBothWidths(page, "webhooks-list");
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
