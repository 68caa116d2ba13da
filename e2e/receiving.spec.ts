import nodemailer from "nodemailer";
import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { shotsAtBothWidths } from "./shots";

// The worker's inbound SMTP port is the web server's plus 2 (playwright.config.ts).
const inboundPort = (baseURL: string) => Number(new URL(baseURL).port) + 2;

test("[RECEIVING]: turn receiving on, get a message with an attachment, read it, its attachment and its raw source", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, account);
  const { id, domain } = await createVerifiedDomain(page.request, dns, baseURL!);

  // Receiving is off until the domain's page turns it on; its MX record then shows.
  await page.goto(`/domains/${id}`);
  const receiving = page.getByRole("region", { name: "Receiving" });
  await expect(receiving).toContainText("Off: mail for this domain is refused.");
  await receiving.getByRole("button", { name: "Turn receiving on" }).click();
  await expect(receiving).toContainText(`any address at ${domain}`);
  await expect(page.getByRole("heading", { name: "Receiving", exact: true, level: 3 })).toBeVisible();
  await shotsAtBothWidths(page, "receiving-domain");

  await nodemailer
    .createTransport({ host: "127.0.0.1", port: inboundPort(baseURL!), secure: false, tls: { rejectUnauthorized: false } })
    .sendMail({
      from: "Ann Lee <ann@customer.example>",
      to: `support@${domain}`,
      // Long enough that the list row has to cut it short on a phone.
      subject: "Question about invoice 1042: the total looks wrong and I would like a corrected copy",
      text: "Hello, the invoice total looks wrong. Details attached.",
      html: "<h1>Hello</h1><p>The invoice total looks wrong. Details attached.</p>",
      attachments: [{ filename: "invoice-1042.txt", content: "total: 120.00" }],
    });

  await page.goto("/receiving");
  await expect(page.getByRole("heading", { level: 1, name: "Receiving" })).toBeVisible();
  const message = page.getByRole("article");
  await expect(message.getByRole("heading", { name: "Question about invoice 1042" })).toBeVisible({ timeout: 15_000 });
  await expect(message.getByText("Ann Lee <ann@customer.example>")).toBeVisible();
  await expect(page.frameLocator('iframe[title="Message HTML"]').getByRole("heading", { name: "Hello" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Attachments" }).getByText("invoice-1042.txt")).toBeVisible();
  await expect(page.getByLabel("Authentication results")).toContainText("DKIM none");
  await shotsAtBothWidths(page, "receiving-message");
  // On a phone the message fits the width: its pane is never cut off at the card's right edge.
  await page.setViewportSize({ width: 390, height: 844 });
  const pane = await message.boundingBox();
  expect(pane!.x + pane!.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  const download = page.waitForEvent("download");
  await page
    .getByRole("region", { name: "Attachments" })
    .getByRole("link", { name: /invoice-1042\.txt/ })
    .click();
  expect((await download).suggestedFilename()).toBe("invoice-1042.txt");

  await message.getByRole("tab", { name: "Raw source" }).click();
  await expect(message.getByText("Subject: Question about invoice 1042")).toBeVisible();
  await shotsAtBothWidths(page, "receiving-raw");

  await page.getByLabel("Search received mail by subject or sender").fill("no such subject");
  await expect(page.getByText("No received message matches")).toBeVisible();
});
