import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { shotsAtBothWidths } from "./shots";

// Requests made with an API key show on the Logs page (the dashboard's own calls do not), newest
// first, filterable by status, method and path; a row opens to its redacted bodies.
test("[LOGS]: follow an integration's API requests, filter the failures, read a request's redacted body", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, account);
  const headers = { origin: baseURL! };
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const made = await page.request.post("/api/v1/api-keys", { data: { name: "Integration" }, headers });
  expect(made.status(), await made.text()).toBe(201);
  const { key } = (await made.json()) as { key: string };

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Logs" }).click();
  await expect(page).toHaveURL(/\/logs$/);
  await expect(page.getByText("No API requests in the last 14 days")).toBeVisible();

  // The integration's traffic, with the key.
  const auth = { authorization: `Bearer ${key}`, "user-agent": "acme-backend/2.1" };
  const sent = await page.request.post("/api/v1/emails", {
    headers: auth,
    data: {
      from: `Acme <hello@${domain}>`,
      to: "ada@example.com",
      subject: "Your invoice",
      text: "Attached.",
      attachments: [{ filename: "invoice.pdf", content: Buffer.from("%PDF-1.7 invoice").toString("base64") }],
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  expect((await page.request.get("/api/v1/emails?limit=5", { headers: auth })).status()).toBe(200);
  expect((await page.request.get("/api/v1/emails/em_missing0000000000000000", { headers: auth })).status()).toBe(404);
  expect((await page.request.post("/api/v1/contacts", { headers: auth, data: { email: "not an address" } })).status()).toBe(400);

  const table = page.getByRole("table", { name: "API requests, newest first" });
  await expect(async () => {
    await page.reload();
    await expect(table.getByRole("row")).toHaveCount(5, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(table.getByRole("row").nth(1)).toContainText("400");
  await expect(table.getByRole("row").nth(1)).toContainText("/contacts");
  await shotsAtBothWidths(page, "logs-list");

  // Only the failures, then only the POSTs to /emails.
  await page.getByLabel("Status").selectOption("4xx");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(page).toHaveURL(/\?status=4xx$/);
  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("Method").selectOption("POST");
  await page.getByLabel("Path").fill("/emails");
  await page.getByLabel("Path").press("Enter");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(page).toHaveURL(/method=POST&path=%2Femails/);

  // The request opens to its bodies: the attachment's content and nothing secret kept.
  await table.getByRole("button", { name: "Show details of POST /emails" }).click();
  const request = page.getByLabel("Request body");
  await expect(request).toContainText('"filename": "invoice.pdf"');
  await expect(request).toContainText("[redacted: ");
  await expect(request).not.toContainText(Buffer.from("%PDF-1.7 invoice").toString("base64"));
  await expect(page.getByLabel("Response body")).toContainText('"id": "em_');
  await expect(page.getByText("acme-backend/2.1")).toBeVisible();
  // The key by its name, its id beside it.
  await expect(page.getByText(/^Integration key_/)).toBeVisible();
  await shotsAtBothWidths(page, "logs-detail");

  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Path").fill("/nothing-here");
  await page.getByLabel("Path").press("Enter");
  await expect(page.getByText("No requests match these filters")).toBeVisible();
});
