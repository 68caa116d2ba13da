import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { shotsAtBothWidths } from "./shots";

// The journey canvas: a step moved with the mouse keeps its place (saved with the graph), and
// the funnel below the canvas reports each path's runs and the goal's conversions per variant.

interface StepCountsBody {
  runs: { total: number; converted: number };
  steps: { key: string; paths: Record<string, number>; conversions: Record<string, { converted: number; conversionRate: number }> }[];
}

/** A node's place on the canvas in flow coordinates (React Flow draws it with a translate). */
async function flowPosition(node: Locator) {
  const transform = await node.evaluate((el) => (el.closest(".react-flow__node") as HTMLElement).style.transform);
  const [, x, y] = /translate\((-?[\d.]+)px, ?(-?[\d.]+)px\)/.exec(transform)!;
  return { x: Number(x), y: Number(y) };
}

/** Waits until a locator stops moving on screen (the canvas frames itself once it has measured the nodes). */
async function settled(page: Page, node: Locator) {
  let last = "";
  await expect
    .poll(async () => {
      const box = JSON.stringify(await node.boundingBox());
      const same = box === last;
      last = box;
      if (!same) await page.waitForTimeout(150);
      return same;
    })
    .toBe(true);
}

test("[JOURNEYS]: a step dragged on the canvas keeps its place after a reload, and the funnel shows each variant's conversions", async ({
  page,
  account,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const made = await page.request.post("/api/v1/resend/automations", {
    headers,
    data: {
      name: "Trial A/B",
      status: "enabled",
      from: "onboarding@sandbox.mailwright.test",
      goal: { event_name: "purchased" },
      steps: [
        { key: "start", type: "trigger", config: { event_name: "trial_started" } },
        {
          key: "ab",
          type: "split",
          config: {
            variants: [
              { name: "short", weight: 50 },
              { name: "long", weight: 50 },
            ],
          },
        },
        { key: "wait_short", type: "delay", config: { duration: "3 days" } },
        { key: "wait_long", type: "delay", config: { duration: "7 days" } },
      ],
      connections: [
        { from: "start", to: "ab" },
        { from: "ab", to: "wait_short", type: "variant", variant: "short" },
        { from: "ab", to: "wait_long", type: "variant", variant: "long" },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { id: string }).id;
  const counts = async () => (await (await page.request.get(`/api/v1/automations/${id}/step-counts`)).json()) as StepCountsBody;

  // Six runs start (the worker runs them onto a variant's delay); two of them buy.
  const stamp = Date.now();
  const people = ["ada", "bob", "cy", "dee", "eve", "fay"].map((n) => `${n}-${stamp}@example.com`);
  for (const email of people) {
    const sent = await page.request.post("/api/v1/events", { headers, data: { email, name: "trial_started" } });
    expect(sent.status(), await sent.text()).toBe(202);
  }
  await expect.poll(async () => (await counts()).steps.find((s) => s.key === "ab")?.paths, { timeout: 60_000 }).toBeTruthy();
  await expect
    .poll(async () => Object.values((await counts()).steps.find((s) => s.key === "ab")!.paths).reduce((a, b) => a + b, 0), {
      timeout: 60_000,
    })
    .toBe(6);
  for (const email of people.slice(0, 2)) {
    const sent = await page.request.post("/api/v1/events", { headers, data: { email, name: "purchased" } });
    expect(sent.status(), await sent.text()).toBe(202);
  }
  await expect.poll(async () => (await counts()).runs.converted, { timeout: 60_000 }).toBe(2);
  const ab = (await counts()).steps.find((s) => s.key === "ab")!;

  await page.goto(`/automations/${id}`);
  const funnel = page.getByTestId("journey-funnel");
  await expect(funnel.getByTestId("journey-funnel-goal")).toContainText("2 of 6 runs converted, 33.3%");
  // Each variant's row reads as the API counts it.
  for (const variant of ["short", "long"]) {
    const row = funnel.getByTestId("journey-funnel-ab").locator(`tr[data-path="variant:${variant}"]`);
    await expect(row.getByRole("rowheader")).toContainText(`Variant ${variant}`);
    await expect(row.getByTestId("journey-funnel-runs")).toHaveText(String(ab.paths[`variant:${variant}`] ?? 0));
    await expect(row.getByTestId("journey-funnel-converted")).toHaveText(String(ab.conversions[`variant:${variant}`]?.converted ?? 0));
  }
  await shotsAtBothWidths(page, "journey-canvas-funnel");

  // Paused, a step can be moved with the mouse; the move saves itself.
  await page.getByRole("button", { name: "Pause to edit" }).click();
  await expect(page.getByText("This journey is live, so it is read-only.")).toHaveCount(0);
  const canvas = page.getByTestId("journey-canvas");
  const node = canvas.getByTestId("journey-node-wait_long");
  await settled(page, node);
  const before = await flowPosition(node);
  const box = (await node.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + 60, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + 110, { steps: 10 });
  await page.mouse.up();
  const read = async () =>
    (
      (await (await page.request.get(`/api/v1/resend/automations/${id}`)).json()) as {
        steps: { key: string; position?: { x: number; y: number } }[];
      }
    ).steps;
  await expect.poll(async () => (await read()).find((s) => s.key === "wait_long")?.position, { timeout: 15_000 }).toBeTruthy();
  const stored = (await read()).find((s) => s.key === "wait_long")!.position!;
  expect(stored.x).toBeGreaterThan(before.x);
  expect(stored.y).toBeGreaterThan(before.y);
  // Nothing else moved.
  expect((await read()).filter((s) => s.position).map((s) => s.key)).toEqual(["wait_long"]);
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();

  await page.reload();
  await settled(page, canvas.getByTestId("journey-node-wait_long"));
  expect(await flowPosition(canvas.getByTestId("journey-node-wait_long"))).toEqual(stored);
  // A plain click still selects the step rather than moving it.
  await canvas
    .getByTestId("journey-node-wait_long")
    .getByRole("button", { name: /^Delay wait_long/ })
    .click();
  await expect(page.getByRole("complementary", { name: "Step editor" })).toBeVisible();
  await page.getByRole("button", { name: "Close the step editor" }).click();
  await shotsAtBothWidths(page, "journey-canvas-moved");

  // Tidy layout puts it back where the automatic layout draws it, and saves that too.
  await canvas.getByRole("button", { name: "Tidy layout" }).click();
  await expect.poll(async () => (await read()).some((s) => s.position), { timeout: 15_000 }).toBe(false);
  await expect(canvas.getByRole("button", { name: "Tidy layout" })).toHaveCount(0);
  expect(await flowPosition(canvas.getByTestId("journey-node-wait_long"))).toEqual(before);
});
