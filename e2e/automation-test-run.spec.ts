import { mkdirSync } from "node:fs";
import { expect, signIn, test, uniqueEmail } from "./fixtures";
import { createVerifiedDomain } from "./dns";

const SHOTS = "/tmp/shots-automation-test-run";

test("[AUTOMATIONS]: test-run a draft automation for a made-up contact and a real one, and watch its emails arrive in order in seconds", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const accountUpdate = await page.request.put("/api/v1/account", {
    data: { defaultFrom: `Acme <hello@${domain}>`, companyName: "Acme" },
    headers,
  });
  expect(accountUpdate.status(), await accountUpdate.text()).toBe(200);
  const created = await page.request.post("/api/v1/automations", {
    headers,
    data: {
      name: "Trial onboarding",
      triggerType: "list_join",
      triggerConfig: { listName: "Trial" },
      steps: [
        {
          delayMinutes: 0,
          subject: "Welcome aboard, {{name}}",
          bodyHtml: "<h1>Welcome {{name}}</h1><p>Your {{plan}} trial at {{company}} starts now.</p>",
        },
        { delayMinutes: 1440, subject: "Day one tips for {{name}}", bodyHtml: "<p>Three things to try first, {{name}}.</p>" },
        { delayMinutes: 4320, subject: "How is it going, {{name}}?", bodyHtml: "<p>Reply to this email: we read every answer.</p>" },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const automation = (await created.json()) as { id: string };
  const realContact = await page.request.post("/api/v1/contacts", {
    headers,
    data: { email: uniqueEmail("grace"), name: "Grace Hopper", properties: { plan: "Team" } },
  });
  expect(realContact.status()).toBe(201);
  const contact = (await realContact.json()) as { id: string; email: string };
  const creditsBefore = await (await page.request.get("/api/v1/account/credits")).json();

  await page.goto(`/automations/${automation.id}`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Trial onboarding");
  await page.screenshot({ path: `${SHOTS}/header.png` });
  await page.getByRole("button", { name: "Test run" }).click();
  const dialog = page.getByRole("dialog", { name: "Test run" });
  await expect(dialog).toBeVisible();

  // A made-up contact: the form checks the address with the API's own schema first.
  const address = uniqueEmail("made-up");
  await dialog.getByLabel("Email", { exact: true }).fill("not an address");
  await dialog.getByRole("button", { name: "Start test run" }).click();
  await expect(dialog.getByText(/email must be an address/i)).toBeVisible();
  await dialog.getByLabel("Email", { exact: true }).fill(address);
  await dialog.getByLabel("Name", { exact: true }).fill("Ada");
  await page.screenshot({ path: `${SHOTS}/test-run-form.png` });
  await dialog.getByRole("button", { name: "Start test run" }).click();

  // Days of delays play out in seconds; each email shows up rendered, in step order.
  const steps = dialog.getByTestId("test-run-step");
  await expect(steps).toHaveCount(3);
  await expect(dialog.getByTestId("test-run-status")).toHaveText("Completed", { timeout: 30_000 });
  await expect(steps.getByTestId("test-run-subject")).toHaveText(["Welcome aboard, Ada", "Day one tips for Ada", "How is it going, Ada?"]);
  for (let i = 0; i < 3; i++) await expect(steps.nth(i)).toHaveAttribute("data-status", "sent");
  await expect(dialog.getByText("1 day → 2 s")).toBeVisible();
  await expect(dialog.frameLocator('iframe[title="Email 1: Welcome aboard, Ada"]').locator("h1")).toHaveText("Welcome Ada");
  // The step's own paragraph (the account's layout adds its footer's below it).
  await expect(dialog.frameLocator('iframe[title="Email 1: Welcome aboard, Ada"]').locator("p", { hasText: "trial at" })).toHaveText(
    /^Your\s+trial at Acme starts now\.$/,
  );
  // Tall enough for the whole dialog in one picture.
  await page.setViewportSize({ width: 1280, height: 1250 });
  await page.screenshot({ path: `${SHOTS}/test-run-made-up.png` });

  // The emails are in the dev inbox, in order; no credit was spent.
  const inbox = (await (await page.request.get("/api/v1/inbox?limit=100")).json()) as {
    data: { to: string[]; subject: string; createdAt: string }[];
  };
  const received = inbox.data.filter((m) => m.to.includes(address)).reverse();
  expect(received.map((m) => m.subject)).toEqual(["Welcome aboard, Ada", "Day one tips for Ada", "How is it going, Ada?"]);
  expect(await (await page.request.get("/api/v1/account/credits")).json()).toEqual(creditsBefore);

  // A real contact: search, choose, run. Its properties render; it is not enrolled.
  await dialog.getByRole("button", { name: "New test run" }).click();
  await dialog.getByText("Use a contact").click();
  await dialog.getByRole("searchbox").fill("grace");
  await dialog.getByRole("radio", { name: /Grace Hopper/ }).click();
  await page.screenshot({ path: `${SHOTS}/test-run-choose-contact.png` });
  await dialog.getByRole("button", { name: "Start test run" }).click();
  await expect(dialog.getByTestId("test-run-status")).toHaveText("Completed", { timeout: 30_000 });
  await expect(steps.getByTestId("test-run-subject")).toHaveText([
    "Welcome aboard, Grace Hopper",
    "Day one tips for Grace Hopper",
    "How is it going, Grace Hopper?",
  ]);
  await expect(
    dialog.frameLocator('iframe[title="Email 1: Welcome aboard, Grace Hopper"]').locator("p", { hasText: "trial at" }),
  ).toHaveText("Your Team trial at Acme starts now.");
  await expect(dialog.getByText(`Grace Hopper <${contact.email}>`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/test-run-contact.png` });
  const enrollments = await (await page.request.get(`/api/v1/automations/${automation.id}/enrollments`)).json();
  expect(enrollments.pagination.total).toBe(0);

  // The dev inbox link opens the captured message.
  await dialog.getByRole("link", { name: "In the dev inbox" }).first().click();
  await expect(page).toHaveURL(/\/inbox\?message=inb_/);
  await expect(page.getByText("Welcome aboard, Grace Hopper").first()).toBeVisible();
});
