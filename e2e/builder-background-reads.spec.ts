import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { shotsAtBothWidths } from "./shots";

// The dashboard reads a record again when its tab comes back to the front and the copy is older
// than 30 s (the query client's staleTime). The page's clock is installed, so the test moves
// time on instead of waiting, and a tab coming back is one visibilitychange event.
async function comeBackLater(page: Page) {
  await page.clock.fastForward("01:00");
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
}

/** An automation of one email, through the API: its id. */
async function createAutomation(page: Page, origin: string): Promise<string> {
  const headers = { origin };
  expect((await page.request.post("/api/v1/lists", { data: { name: "Trial" }, headers })).status()).toBe(201);
  const created = await page.request.post("/api/v1/automations", {
    data: {
      name: "Onboarding",
      triggerType: "list_join",
      triggerConfig: { listName: "Trial" },
      steps: [
        { delayMinutes: 0, subject: "Welcome, {{name}}", bodyHtml: '<p>Hi {{name}}</p><a href="{{unsubscribe_url}}">Unsubscribe</a>' },
      ],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test("[AUTOMATIONS]: a read that fails while the builder is open keeps the builder open on its node; an automation deleted meanwhile says so", async ({
  page,
  account,
  baseURL,
}) => {
  await page.clock.install();
  await signIn(page, account);
  const id = await createAutomation(page, baseURL!);
  await page.goto(`/automations/${id}`);
  const editor = page.getByRole("complementary", { name: "Node editor" });
  await page.getByTestId("email-node-1").getByRole("button", { name: "Edit email 1" }).click();
  await expect(editor.getByText("Email 1 of 1")).toBeVisible();

  // The server stops answering the automation's reads: the query client asks three times (a
  // 5xx is retried twice, a second and then two apart), then gives up.
  let reads = 0;
  const answer = { status: 503, body: { error: { code: "unavailable", message: "The service is unavailable" } } };
  await page.route(`**/api/v1/automations/${id}`, (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    reads += 1;
    return route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(answer.body) });
  });
  await comeBackLater(page);
  await expect
    .poll(async () => {
      await page.clock.fastForward(2_000);
      return reads;
    })
    .toBe(3);
  await page.clock.fastForward(5_000);
  await expect(page.getByText("Could not load the automation")).toHaveCount(0);
  await expect(editor.getByText("Email 1 of 1")).toBeVisible();
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Welcome, {{name}}");
  await shotsAtBothWidths(page, "builder-kept-after-failed-reads");

  // Deleted meanwhile (a 404): asking again cannot bring it back, so the page says so.
  answer.status = 404;
  answer.body = { error: { code: "not_found", message: "Automation not found" } };
  await comeBackLater(page);
  await expect(page.getByText("Automation not found")).toBeVisible();
  await shotsAtBothWidths(page, "builder-automation-deleted");
  expect(reads).toBe(4);
});

test("[AUTOMATIONS]: the canvas redrawn from a changed copy keeps the keyboard focus where it was", async ({ page, account, baseURL }) => {
  await page.clock.install();
  await signIn(page, account);
  const id = await createAutomation(page, baseURL!);
  await page.goto(`/automations/${id}`);
  const edit = page.getByTestId("email-node-1").getByRole("button", { name: "Edit email 1" });
  await edit.focus();
  await expect(edit).toBeFocused();

  // Renamed elsewhere (another tab, the API): the builder's next read brings a changed copy, and
  // the canvas is laid out again from it.
  const renamed = await page.request.patch(`/api/v1/automations/${id}`, {
    data: { name: "Onboarding, renamed" },
    headers: { origin: baseURL! },
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await comeBackLater(page);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Onboarding, renamed");
  // Two frames: the redrawn nodes are measured in the first.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(edit).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("complementary", { name: "Node editor" }).getByText("Email 1 of 1")).toBeVisible();
});
