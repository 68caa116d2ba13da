import { mkdirSync } from "node:fs";
import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";

// INBOX_SHOTS_DIR=/tmp/shots-inbox keeps screenshots of the message at 1366 and 390 px.
const SHOTS = process.env.INBOX_SHOTS_DIR;

test("[INBOX]: read a received email, open it as the recipient and click its link: the email shows the open and the click", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await signIn(page, account);
  const origin = new URL(baseURL!).origin;
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const destination = `${origin}/api/v1/openapi.json?from=inbox-link`;
  const sent = await page.request.post("/api/v1/emails", {
    data: {
      from: `Acme <hello@${domain}>`,
      to: "ada@example.com",
      subject: "Your guide is ready",
      html: `<h1>Hello Ada</h1><p>Everything you need to get going.</p><p><a href="${destination}">Read the guide</a></p>`,
    },
    headers: { origin },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const emailId = ((await sent.json()) as { id: string }).id;
  let messageId = "";
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get(`/api/v1/inbox?email_id=${emailId}`)).json()) as { data: { id: string }[] };
        messageId = list.data[0]?.id ?? "";
        return messageId !== "";
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  const events = async () =>
    ((await (await page.request.get(`/api/v1/emails/${emailId}`)).json()) as { events: { type: string }[] }).events.map((e) => e.type);

  // Reading it here shows it as the recipient got it, and is not an open.
  await page.goto(`/inbox?message=${messageId}`);
  const message = page.getByRole("article");
  await expect(message.getByRole("heading", { name: "Your guide is ready" })).toBeVisible();
  const frame = page.frameLocator('iframe[title="Message HTML"]');
  await expect(frame.getByRole("heading", { name: "Hello Ada" })).toBeVisible();
  await expect(page.getByTestId("inbox-what-counts")).toHaveText(
    "Viewing a message here is not an open; Open as recipient counts one. Links open in a new tab through the click tracker: clicking one counts a click.",
  );
  expect(await events()).not.toContain("email.opened");

  // Open as recipient: one open, for ada@, said so.
  await message.getByRole("button", { name: "Open as recipient" }).click();
  await expect(message.getByRole("status").filter({ hasText: "Counted as an open by ada@example.com." })).toBeVisible();
  expect((await events()).filter((t) => t === "email.opened")).toHaveLength(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/inbox-1366.png`, fullPage: true });

  // Its link opens in a new tab, through the click tracker, at the original address; the
  // message stays on screen.
  const [tab] = await Promise.all([page.waitForEvent("popup"), frame.getByRole("link", { name: "Read the guide" }).click()]);
  await tab.waitForURL(destination);
  await tab.close();
  await expect(frame.getByRole("heading", { name: "Hello Ada" })).toBeVisible();
  await expect(page).toHaveURL(/\/inbox\?message=/);

  // The email's page shows the open and the click.
  await message.getByRole("link", { name: "Email details" }).click();
  await expect(page).toHaveURL(new RegExp(`/emails/${emailId}$`));
  const timeline = page.getByRole("list", { name: "Event timeline" });
  await expect(timeline.getByText("Opened", { exact: true })).toHaveCount(1);
  await expect(timeline.getByText("Clicked", { exact: true })).toHaveCount(1);

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/inbox?message=${messageId}`);
    await expect(frame.getByRole("heading", { name: "Hello Ada" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/inbox-390.png`, fullPage: true });
  }
});
