import { expect, signIn, test, uniqueEmail } from "./fixtures";
import { shotsAtBothWidths } from "./shots";

test("[SEGMENTS]: build a filtered segment with nested groups in the builder and see how many contacts match", async ({
  page,
  account,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  await signIn(page, account);
  const tag = Date.now().toString(36);
  expect((await page.request.post("/api/v1/contact-properties", { data: { key: "seats", type: "number" }, headers })).status()).toBe(201);
  const people = [
    { email: `big1-${tag}@big.example`, seats: 50, event: false }, // matches: many seats, the domain
    { email: uniqueEmail("evented"), seats: 20, event: true }, // matches: many seats, the event
    { email: `small-${tag}@big.example`, seats: 5, event: false }, // too few seats
    { email: uniqueEmail("plain"), seats: 30, event: false }, // neither the domain nor the event
  ];
  for (const p of people) {
    const res = await page.request.post("/api/v1/contacts", { data: { email: p.email, properties: { seats: p.seats } }, headers });
    expect(res.status()).toBe(201);
    if (p.event)
      expect((await page.request.post("/api/v1/events", { data: { email: p.email, name: "signed_up" }, headers })).ok()).toBe(true);
  }

  await page.goto("/segments");
  await expect(page.getByRole("heading", { name: "Create your first segment" })).toBeVisible();
  await page.getByRole("button", { name: "Create segment" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create segment" });
  await dialog.getByLabel("Name").fill("Big teams");

  // All of: seats at least 10, and a group: any of (email ends with @big.example, did signed_up).
  const root = dialog.getByRole("group", { name: "Filter" });
  const first = root.locator("li").first();
  await first.getByLabel("Field", { exact: true }).selectOption("seats");
  await first.getByLabel("Operator", { exact: true }).selectOption("gte");
  // A comparison with no value is asked for, not saved.
  await dialog.getByRole("button", { name: "Create segment" }).click();
  await expect(first.getByRole("alert")).toHaveText("Enter a value");
  await expect(dialog).toBeVisible();
  await first.getByLabel("Value", { exact: true }).fill("10");
  await expect(first.getByRole("alert")).toHaveCount(0);
  await root.getByRole("button", { name: "Add group" }).click();
  const group = root.getByRole("group", { name: "Group at depth 1" });
  await group.getByLabel("All or any").selectOption("or");
  const inGroup = group.locator("li");
  await inGroup.nth(0).getByLabel("Field", { exact: true }).selectOption("email");
  await inGroup.nth(0).getByLabel("Operator", { exact: true }).selectOption("ends_with");
  await inGroup.nth(0).getByLabel("Value", { exact: true }).fill("@big.example");
  await group.getByRole("button", { name: "Add condition" }).click();
  await inGroup.nth(1).getByLabel("Condition", { exact: true }).selectOption("event");
  await inGroup.nth(1).getByLabel("Event name").fill("signed_up");
  await shotsAtBothWidths(page, "segments-builder");

  await dialog.getByRole("button", { name: "Create segment" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Big teams: 2 contacts match now.")).toBeVisible();
  const row = page.locator('tr[data-segment="Big teams"]');
  await expect(row.getByTestId("segment-count")).toHaveText("2");
  await expect(row.getByText("Filtered")).toBeVisible();

  // Who matches now: one more contact with the event, counted on the next read.
  const late = uniqueEmail("late");
  await page.request.post("/api/v1/contacts", { data: { email: late, properties: { seats: 12 } }, headers });
  await page.request.post("/api/v1/events", { data: { email: late, name: "signed_up" }, headers });
  await page.reload();
  await expect(page.locator('tr[data-segment="Big teams"]').getByTestId("segment-count")).toHaveText("3");
  await shotsAtBothWidths(page, "segments-list");

  // The segment's page: its filter in the builder as saved, and who matches now.
  await page.getByRole("link", { name: "Big teams" }).click();
  await expect(page).toHaveURL(/\/segments\/lst_/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Big teams");
  await expect(page.getByText("Filtered segment: 3 contacts match now.")).toBeVisible();
  const matching = page.getByRole("table", { name: "Contacts matching Big teams" });
  await expect(matching.getByRole("link")).toHaveText([late, people[1].email, people[0].email]);
  const saved = page.getByRole("group", { name: "Filter" });
  const seats = saved.locator("li").first();
  await expect(seats.getByLabel("Field", { exact: true })).toHaveValue("seats");
  await expect(seats.getByLabel("Value", { exact: true })).toHaveValue("10");
  await expect(saved.getByRole("group", { name: "Group at depth 1" }).getByLabel("Event name")).toHaveValue("signed_up");
  await shotsAtBothWidths(page, "segment-detail");

  // Raising the bar to 25 seats drops the two smaller teams; the list follows the saved filter.
  await seats.getByLabel("Value", { exact: true }).fill("25");
  await page.getByRole("button", { name: "Save filter" }).click();
  await expect(page.getByText("Filter saved: 1 contact matches now.")).toBeVisible();
  await expect(matching.getByRole("link")).toHaveText([people[0].email]);
  await expect(page.getByText("Filtered segment: 1 contact matches now.")).toBeVisible();
});
