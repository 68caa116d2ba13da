import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";
import { createVerifiedDomain } from "./dns";

// OVERVIEW_SHOTS_DIR=/tmp/shots-overview keeps screenshots of the states the test walks through.
async function shot(page: Page, name: string) {
  const dir = process.env.OVERVIEW_SHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

test("[OVERVIEW]: send to the simulator and see sends, deliveries and bounces as numbers and a chart", async ({
  page,
  account,
  dns,
  baseURL,
}) => {
  // Delivery runs in the worker; a job that hits a transient error is retried 30 s later.
  test.setTimeout(120_000);
  await signIn(page, account);

  // A new account: the first steps to take, and zeros everywhere.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  // Both paths, in the order and words of the Get started page, each step linking to its page.
  const firstSteps = page.getByRole("region", { name: "Get started" });
  await expect(firstSteps.getByRole("region", { name: "Marketer" }).getByRole("link")).toHaveText([
    /Import or add contacts/,
    /Start an automation from a scenario/,
    /Send a broadcast/,
    /See the opens/,
  ]);
  const developer = firstSteps.getByRole("region", { name: "Developer" });
  await expect(developer.getByRole("link")).toHaveText([
    /Create an API key/,
    /Send an email with the printed cURL/,
    /Verify a domain/,
    /Add a webhook/,
  ]);
  await expect(developer.getByRole("link", { name: "Verify a domain" })).toHaveAttribute("href", "/domains");
  await expect(developer.getByRole("link", { name: "Create an API key" })).toHaveAttribute("href", "/api-keys");
  await expect(developer).toContainText("publish its MX and SPF records (required) and its DKIM and DMARC records (recommended)");
  await expect(page.getByTestId("kpi-sent-value")).toHaveText("0");
  await expect(page.getByText("Nothing sent yet")).toBeVisible();
  await expect(page.getByText("No clicks yet")).toBeVisible();
  await shot(page, "01-overview-empty");

  const { domain } = await createVerifiedDomain(page.request, dns, baseURL!);
  const headers = { origin: baseURL! };
  const ids: string[] = [];
  for (const to of ["delivered@simulator.test", "bounced@simulator.test"]) {
    const response = await page.request.post("/api/v1/emails", {
      data: {
        from: `Acme <hello@${domain}>`,
        to,
        subject: "Spring launch",
        html: '<p>Hi, <a href="https://example.com/launch">see what is new</a></p>',
      },
      headers,
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  // The delivered copy lands in the dev inbox: open it and click its link, as its reader would.
  let html = "";
  await expect
    .poll(
      async () => {
        const list = await (await page.request.get(`/api/v1/inbox?email_id=${ids[0]}`)).json();
        if (!list.data?.length) return false;
        html = (await (await page.request.get(`/api/v1/inbox/${list.data[0].id}`)).json()).html ?? "";
        return html.includes("/t/c/");
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe(true);
  const pixel = html.match(/https?:\/\/[^"']*\/t\/o\/[^"']+/)![0];
  const link = html.match(/https?:\/\/[^"']*\/t\/c\/[^"']+/)![0];
  expect((await page.request.get(new URL(pixel).pathname)).status()).toBe(200);
  expect((await page.request.get(new URL(link).pathname, { maxRedirects: 0 })).status()).toBe(302);
  // Wait for the worker: both outcomes counted.
  await expect
    .poll(
      async () => {
        const overview = await (await page.request.get("/api/v1/analytics/overview")).json();
        return [overview.sent, overview.delivered, overview.bounced];
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toEqual([2, 1, 1]);

  await page.reload();
  await expect(page.getByRole("region", { name: "Get started" })).toHaveCount(0);
  await expect(page.getByTestId("kpi-sent-value")).toHaveText("2");
  await expect(page.getByTestId("kpi-delivered-value")).toHaveText("50%");
  await expect(page.getByTestId("kpi-delivered")).toContainText("1 delivered");
  await expect(page.getByTestId("kpi-bounced-value")).toHaveText("50%");
  await expect(page.getByTestId("kpi-bounced")).toContainText("1 bounced");
  await expect(page.getByTestId("kpi-opened-value")).toHaveText("100%");
  await expect(page.getByTestId("kpi-clicked-value")).toHaveText("100%");
  await expect(page.getByTestId("kpi-complained-value")).toHaveText("0%");
  const topLink = page.getByRole("row", { name: /example\.com\/launch/ });
  await expect(topLink.getByRole("cell").nth(1)).toHaveText("1");
  // Nothing was sent in the 30 days before.
  await expect(page.getByTestId("kpi-sent")).toContainText("No earlier data");

  // The chart: per day one set of bars per series; a series toggles off and on.
  const chart = page.getByTestId("activity-chart");
  await expect(chart).toHaveAttribute("data-chart", "bar");
  await expect(chart.locator(".recharts-bar")).toHaveCount(5);
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByText("Nothing sent yet")).toHaveCount(0);
  await page.getByRole("button", { name: "Bounced", pressed: true }).click();
  await expect(chart.locator(".recharts-bar")).toHaveCount(4);
  await page.getByRole("button", { name: "Bounced", pressed: false }).click();
  await expect(chart.locator(".recharts-bar")).toHaveCount(5);
  await shot(page, "02-overview-data");

  // Hourly only over at most 7 days: not offered over 30 days; per hour, one area per series.
  await expect(page.getByRole("radio", { name: "Hourly" })).toHaveCount(0);
  await page.getByRole("radio", { name: "7 days" }).check({ force: true });
  await page.getByRole("radio", { name: "Hourly" }).check({ force: true });
  await expect(chart).toHaveAttribute("data-chart", "area");
  await expect(chart.locator(".recharts-area")).toHaveCount(5);
  await expect(page.getByTestId("kpi-sent-value")).toHaveText("2");
  // The filters are in the URL: a reload keeps them.
  await expect(page).toHaveURL(/\/overview\?range=7d&interval=hour$/);
  await page.reload();
  await expect(page.getByRole("radio", { name: "7 days" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Hourly" })).toBeChecked();
  await expect(chart.locator(".recharts-area")).toHaveCount(5);
  await expect(page.getByTestId("kpi-sent-value")).toHaveText("2");
  await shot(page, "02b-overview-hourly");

  // A refresh that fails: the numbers stay on screen, marked out of date, with the error.
  await page.route("**/api/v1/analytics/**", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "unavailable", message: "The service is unavailable." } }),
    }),
  );
  await page.getByRole("button", { name: "Refresh" }).click();
  const stale = page.getByTestId("overview-stale");
  await expect(stale).toBeVisible({ timeout: 20_000 });
  await expect(stale).toContainText("Could not refresh your numbers");
  await expect(stale).toContainText("out of date");
  await expect(page.locator("[data-stale=true]")).toBeVisible();
  await shot(page, "02c-overview-stale");
  await page.unroute("**/api/v1/analytics/**");
  await stale.getByRole("button", { name: "Try again" }).click();
  await expect(stale).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator("[data-stale=true]")).toHaveCount(0);

  // Filters: the domain keeps the numbers; another range without sends shows none. A select
  // drawn without the platform's arrow shows the product's chevron, so it reads as a menu.
  const chevron = await page.getByLabel("Domain").evaluate((select) => getComputedStyle(select).backgroundImage);
  expect(chevron).toContain("data:image/svg+xml");
  await page.getByLabel("Domain").selectOption(domain);
  await expect(page.getByTestId("kpi-sent-value")).toHaveText("2");
  await expect(page).toHaveURL(new RegExp(`domain=${domain.replace(/\./g, "\\.")}`));
  await page.getByRole("radio", { name: "Custom" }).check({ force: true });
  await page.getByLabel("From", { exact: true }).fill("2024-01-01");
  await page.getByLabel("To", { exact: true }).fill("2024-01-31");
  await expect(page.getByTestId("kpi-sent-value")).toHaveText("0");
  await expect(page.getByText("No emails in this period")).toBeVisible();
  await shot(page, "03-overview-filtered-empty");
});
