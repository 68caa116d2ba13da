import { mkdirSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { afterRateLimit, expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";
import { expectNoSeriousA11yViolations } from "./axe";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-automations";

interface StoredAutomation {
  status: string;
  firstActivatedAt: string | null;
  steps: { id: string; subject: string | null; delayMinutes: number }[];
}

// The spec's own reads share the account's rate limit with the builder's requests: a 429 is
// read again after its Retry-After, as the dashboard does.
const stored = async (request: APIRequestContext, id: string): Promise<StoredAutomation> => {
  const res = await afterRateLimit(() => request.get(`/api/v1/automations/${id}`));
  expect(res.status()).toBe(200);
  return (await res.json()) as StoredAutomation;
};

test("[AUTOMATIONS]: the builder saves as you type, undoes and redoes many levels (buttons and keys), keeps step ids, guards leaving, and shows Draft until the first activation", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const headers = { origin: baseURL! };
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, account);
  const created = await page.request.post("/api/v1/automations", {
    data: {
      name: "History drill",
      triggerType: "property_equals",
      triggerConfig: { property: "plan", value: "pro" },
      steps: [
        { delayMinutes: 0, subject: "One", bodyHtml: "<p>1</p>" },
        { delayMinutes: 60, subject: "Two", bodyHtml: "<p>2</p>" },
        { delayMinutes: 60, subject: "Three", bodyHtml: "<p>3</p>" },
      ],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const original = await stored(page.request, id);

  // Never activated: Draft in the list and in the builder (the API says paused).
  await page.goto("/automations");
  await expect(page.getByRole("row", { name: /History drill/ })).toContainText("Draft");
  await page.screenshot({ path: `${SHOTS}/history-list-draft.png`, fullPage: true });
  expect(original).toMatchObject({ status: "paused", firstActivatedAt: null });
  await page.getByRole("link", { name: "History drill" }).click();
  await expect(page).toHaveURL(new RegExp(`/automations/${id}$`));
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();
  const undo = page.getByRole("button", { name: "Undo" });
  const redo = page.getByRole("button", { name: "Redo" });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  // The builder takes the page's width (wider than the dashboard's 1024 px column), and "fit
  // view" stays at a readable zoom.
  expect((await page.locator("[data-wide]").boundingBox())!.width).toBeGreaterThan(1100);
  const canvas = page.getByTestId("builder-canvas");
  expect((await canvas.boundingBox())!.width).toBeGreaterThan(700);
  await canvas.locator(".react-flow__controls-fitview").click();
  const zoom = async () =>
    canvas.locator(".react-flow__viewport").evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).a);
  await expect.poll(zoom).toBeGreaterThanOrEqual(0.7);

  // Three edits, each saved by itself (no save button): two subjects, then a delay.
  const editor = page.getByRole("complementary", { name: "Node editor" });
  const indicator = page.getByTestId("save-indicator");
  const subjectOf = (n: number) => page.getByTestId(`email-node-${n}`).getByTestId("email-node-subject");
  await page.getByTestId("email-node-1").getByRole("button", { name: "Edit email 1" }).click();
  await editor.getByLabel("Subject", { exact: true }).fill("One, second version");
  await expect(subjectOf(1)).toHaveText("One, second version");
  await expect(indicator).toHaveText("Saved");
  await editor.getByLabel("Subject", { exact: true }).fill("One, third version");
  await expect(subjectOf(1)).toHaveText("One, third version");
  await page.getByRole("button", { name: /Delay before email 2/ }).click();
  await editor.getByLabel("Wait", { exact: true }).selectOption("120");
  await expect(page.getByTestId("delay-node-2")).toHaveText("Wait 2 hours");
  await expect(indicator).toHaveText("Saved");
  expect((await stored(page.request, id)).steps.map((s) => [s.subject, s.delayMinutes])).toEqual([
    ["One, third version", 0],
    ["Two", 120],
    ["Three", 60],
  ]);
  await page.screenshot({ path: `${SHOTS}/history-saved.png`, fullPage: true });

  // Undo three levels with the button: the delay, then each subject, back to the start.
  await undo.click();
  await expect(page.getByTestId("delay-node-2")).toHaveText("Wait 1 hour");
  await undo.click();
  await expect(subjectOf(1)).toHaveText("One, second version");
  await undo.click();
  await expect(subjectOf(1)).toHaveText("One");
  await expect(undo).toBeDisabled();
  expect((await stored(page.request, id)).steps.map((s) => [s.id, s.subject, s.delayMinutes])).toEqual(
    original.steps.map((s) => [s.id, s.subject, s.delayMinutes]),
  );

  // Redo with Shift+Ctrl+Z, undo again with Ctrl+Z, then redo twice with the button.
  await page.keyboard.press("Control+Shift+Z");
  await expect(subjectOf(1)).toHaveText("One, second version");
  await page.keyboard.press("Control+z");
  await expect(subjectOf(1)).toHaveText("One");
  await redo.click();
  await expect(subjectOf(1)).toHaveText("One, second version");
  await redo.click();
  await expect(subjectOf(1)).toHaveText("One, third version");
  // The open form follows undo and redo.
  await page.getByTestId("email-node-1").getByRole("button", { name: "Edit email 1" }).click();
  await expect(editor.getByLabel("Subject", { exact: true })).toHaveValue("One, third version");

  // In a text field Ctrl+Z is the browser's own undo: the builder's history does not move.
  await page.getByLabel("Name", { exact: true }).focus();
  await page.keyboard.press("Control+z");
  // Nothing to wait for when nothing happens: give a wrongly taken undo time to show.
  await page.waitForTimeout(1500);
  await expect(redo).toBeEnabled();
  await expect(subjectOf(1)).toHaveText("One, third version");

  // Reorder, then undo: the steps come back in their order with the same ids.
  const before = (await stored(page.request, id)).steps.map((s) => s.id);
  await page.getByRole("button", { name: "Move email 1 down" }).click();
  await expect(subjectOf(2)).toHaveText("One, third version");
  const moved = (await stored(page.request, id)).steps.map((s) => s.id);
  expect(moved).toEqual([before[1], before[0], before[2]]);
  await expect(redo).toBeDisabled();
  await undo.click();
  await expect(subjectOf(1)).toHaveText("One, third version");
  expect((await stored(page.request, id)).steps.map((s) => s.id)).toEqual(before);
  await redo.click();
  await expect(subjectOf(2)).toHaveText("One, third version");
  expect((await stored(page.request, id)).steps.map((s) => s.id)).toEqual(moved);

  await expectNoSeriousA11yViolations(page);

  // A field the API would refuse is not saved: leaving asks first, and Stay keeps the page.
  await page.getByTestId("email-node-3").getByRole("button", { name: "Edit email 3" }).click();
  await editor.getByLabel("Subject", { exact: true }).fill("");
  await expect(indicator).toHaveText("Couldn't save: fix the highlighted field");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Automations" }).click();
  const guard = page.getByRole("dialog", { name: "Leave with unsaved changes?" });
  await expect(guard).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/history-guard.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await guard.getByRole("button", { name: "Stay on this page" }).click();
  await expect(guard).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/automations/${id}$`));
  await expect(editor.getByLabel("Subject", { exact: true })).toHaveValue("");
  // The builder's own back link asks too; leaving drops the change.
  await page.getByRole("main").getByRole("link", { name: "Automations" }).click();
  await guard.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/automations$/);
  expect((await stored(page.request, id)).steps[2].subject).toBe("Three");

  // After the first activation it is no longer a draft, paused or not.
  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const sender = await page.request.put("/api/v1/account", { data: { defaultFrom: `Drill <hello@${domain}>` }, headers });
  expect(sender.status(), await sender.text()).toBe(200);
  const activated = await page.request.post(`/api/v1/automations/${id}/activate`, { headers });
  expect(activated.status(), await activated.text()).toBe(200);
  // This drill makes many requests in a few seconds: a reload may meet the account's rate limit
  // (429, "Try again"), so the list is reloaded until it answers.
  const row = page.getByRole("row", { name: /History drill/ });
  const listShows = async (text: string) =>
    expect(async () => {
      await page.reload();
      await expect(row).toContainText(text, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  await listShows("Active");
  expect((await page.request.post(`/api/v1/automations/${id}/pause`, { headers })).status()).toBe(200);
  await listShows("Paused");
  await expect(row).not.toContainText("Draft");
  await page.screenshot({ path: `${SHOTS}/history-list.png`, fullPage: true });
  await row.getByRole("link", { name: "History drill" }).click();
  await expect(page.getByText("Paused", { exact: true })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toHaveCount(0);
});
