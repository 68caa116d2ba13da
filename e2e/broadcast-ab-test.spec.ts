import { afterRateLimit, expect, signIn, test, uniqueEmail } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import type { InboxMessage } from "./inbox";
import { shotsAtBothWidths } from "./shots";

// Moves the service's test clock past the test's wait: runs in the "serial" project.
test("[BROADCASTS]: A/B test a subject in the editor, send it, and read the winner on the report after the wait", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);

  // Thirty members: half of them in the test group, split between two subjects.
  const listName = `Sale ${Date.now()}`;
  const list = await page.request.post("/api/v1/lists", { data: { name: listName }, headers });
  expect(list.status(), await list.text()).toBe(201);
  const listId = ((await list.json()) as { id: string }).id;
  const members = Array.from({ length: 30 }, (_, i) => uniqueEmail(`ab${i}`));
  for (const email of members) {
    // Thirty writes in a row may meet the account's rate limit: each waits as the answer says.
    const joined = await afterRateLimit(() => page.request.post(`/api/v1/lists/${listId}/contacts`, { data: { email }, headers }));
    expect(joined.status(), await joined.text()).toBeLessThan(300);
  }

  await page.goto("/broadcasts/new");
  await page.getByLabel("Name", { exact: true }).fill("Winter sale");
  await page.getByLabel("From", { exact: true }).fill(`Acme <sale@${domain}>`);
  await page.getByLabel("List", { exact: true }).selectOption({ label: `${listName} (30 members)` });
  await page.getByLabel("Subject", { exact: true }).fill("Winter sale starts today");

  await page.getByRole("switch", { name: "A/B test the subject" }).check();
  await page.getByRole("textbox", { name: "Subject B" }).fill("50% off everything, today only");
  await page.getByRole("button", { name: "Add a subject" }).click();
  await page.getByRole("textbox", { name: "Subject C" }).fill("Your winter deals are here");
  await page.getByRole("button", { name: "Remove subject C" }).click();
  await expect(page.getByRole("textbox", { name: "Subject C" })).toHaveCount(0);
  await page.getByLabel("Test group %").fill("50");
  await page.getByLabel("Winner by").selectOption("opens");
  await page.getByLabel("Wait", { exact: true }).selectOption({ label: "30 min" });
  await expect(page.getByTestId("ab-test-summary")).toContainText("About 15 of 30 members get one of 2 subjects");
  await shotsAtBothWidths(page, "abtest-editor");

  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/broadcasts\/bc_/);
  await expect(page.getByText("Draft saved")).toBeVisible();
  // Saved: the test is on the reloaded draft, and a local-time send is not offered with it.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Subject B" })).toHaveValue("50% off everything, today only");
  await expect(page.getByRole("radio", { name: "Local time" })).toHaveCount(0);

  await page.getByRole("button", { name: "Send now…" }).click();
  const confirm = page.getByRole("dialog", { name: "Send this broadcast now?" });
  await expect(confirm.getByText(/A\/B test: 50% get one of 2 subjects first/)).toBeVisible();
  await confirm.getByRole("button", { name: "Send", exact: true }).click();

  // The test group gets its variants; the rest waits for the winner.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Winter sale");
  await expect(page.getByTestId("ab-test-state")).toContainText("Testing: the winner by opens is picked", { timeout: 60_000 });
  // Waiting for the winner is "Testing", not "Sending", in the page's status badge.
  await expect(page.getByTestId("broadcast-status")).toHaveText("Testing");
  /** The subjects the members got, from one read of the dev inbox (one read per member would meet the rate limit). */
  const subjects = async () => {
    const inbox = await afterRateLimit(() => page.request.get("/api/v1/inbox?limit=100"));
    expect(inbox.status()).toBe(200);
    const { data } = (await inbox.json()) as { data: InboxMessage[] };
    return data.filter((m) => members.some((e) => JSON.stringify(m.to).includes(e))).map((m) => m.subject);
  };
  const id = /\/broadcasts\/(bc_[^/?#]+)/.exec(page.url())![1];
  const broadcast = await afterRateLimit(() => page.request.get(`/api/v1/broadcasts/${id}`));
  const { variants } = ((await broadcast.json()) as { abTestResult: { variants: { variant: string; recipients: number }[] } }).abTestResult;
  const tested = variants.reduce((n, v) => n + v.recipients, 0);
  const testedA = variants.find((v) => v.variant === "A")!.recipients;
  expect(tested).toBeGreaterThan(0);
  expect(tested).toBeLessThan(30);
  await expect.poll(async () => (await subjects()).length, { timeout: 60_000 }).toBe(tested);
  const rowB = page.getByTestId("ab-variant-B");
  await expect(rowB).toBeVisible();
  await shotsAtBothWidths(page, "abtest-report-testing");

  // Every B email is opened as its recipient would: B wins.
  const inbox = await afterRateLimit(() => page.request.get("/api/v1/inbox?limit=100"));
  const messages = ((await inbox.json()) as { data: InboxMessage[] }).data.filter(
    (m) => m.subject === "50% off everything, today only" && members.some((e) => JSON.stringify(m.to).includes(e)),
  );
  expect(messages.length).toBeGreaterThan(0);
  // One request per message, back to back: past the account's rate limit they wait their Retry-After.
  for (const m of messages) {
    const opened = await afterRateLimit(() => page.request.post(`/api/v1/inbox/${m.id}/open`, { headers }));
    expect(opened.status(), await opened.text()).toBe(200);
  }

  // Right after the opens, the clock's request may meet the same limit (a 429 moves nothing).
  const clock = await afterRateLimit(() => page.request.post("/api/dev/clock", { data: { advanceMinutes: 31 }, headers }));
  expect(clock.status(), await clock.text()).toBe(200);
  await expect(page.getByTestId("broadcast-status")).toHaveText("Sent", { timeout: 60_000 });
  await expect(page.getByTestId("ab-test-state")).toHaveText("Subject B won on opens and went to the rest of the list.");
  await expect(rowB.getByText("Winner")).toBeVisible();
  await expect(page.getByTestId("ab-variant-A").getByText("Winner")).toHaveCount(0);
  // Everyone has exactly one email; those outside the test group have B's subject.
  await expect.poll(async () => (await subjects()).length, { timeout: 60_000 }).toBe(30);
  const got = await subjects();
  expect(got.filter((s) => s === "Winter sale starts today")).toHaveLength(testedA);
  expect(got.filter((s) => s === "50% off everything, today only")).toHaveLength(30 - testedA);
  await shotsAtBothWidths(page, "abtest-report-winner");
});
