import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type APIRequestContext, type APIResponse, type Frame, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { e2eDns, type E2eDns } from "./dns";

export interface TestAccount {
  accountId: string;
  name: string;
  email: string;
  password: string;
}

/** An address no other test (or earlier run on the same database) has used. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Creates an account through the API, as the sign-up form does. */
export async function createAccount(request: APIRequestContext, tag = "e2e"): Promise<TestAccount> {
  const account = { name: "E2E Tester", email: uniqueEmail(tag), password: "correct-horse-battery" };
  const response = await request.post("/api/signup", { data: account });
  expect(response.status(), await response.text()).toBe(201);
  const { accountId } = (await response.json()) as { accountId: string };
  return { ...account, accountId };
}

/** Signs up through the sign-up form, as a new user does, and waits for the dashboard; returns the address. */
export async function signUp(page: Page, name: string, tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  await page.goto("/signup");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Work email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** Signs in through the login form and waits for the dashboard. */
/**
 * Sends a request again after its Retry-After while it answers 429 (at most 5 times), as the
 * dashboard does: a spec's own requests share the account's rate limit with the pages'.
 */
export async function afterRateLimit(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 0; ; attempt++) {
    const res = await send();
    if (res.status() !== 429 || attempt >= 5) return res;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Math.max(1, Number(res.headers()["retry-after"] ?? 1))));
  }
}

export async function signIn(page: Page, account: Pick<TestAccount, "email" | "password">) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

// Pages the automatic check leaves out, each with why (none today: every page is ours).
const AXE_SKIPPED_PAGES: Record<string, string> = {};

/** "/contacts/con_4kXv7Qp2" -> "/contacts/:id": one axe check per page, not per record. */
export function pagePattern(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!parsed.protocol.startsWith("http")) return null;
  // API answers, tracking redirects and Next's internals are not pages.
  if (/^\/(api|t|_next)(\/|$)/.test(parsed.pathname)) return null;
  const pattern = parsed.pathname
    .split("/")
    .map((segment) => (/^[a-z]{2,4}_[A-Za-z0-9]{6,}$/.test(segment) ? ":id" : segment))
    .join("/");
  return pattern in AXE_SKIPPED_PAGES ? null : pattern;
}

// One directory per run (the config sets MW_E2E_DATA_DIR once, in the main process), shared
// by the workers: a page pattern's file in it says some worker has already checked that page.
const axeClaims = `${process.env.MW_E2E_DATA_DIR ?? path.join("test-results", "e2e")}-axe`;

/** True for the first caller in the whole run (any worker) to claim `pattern`'s fresh check. */
function claimAxeCheck(pattern: string): boolean {
  mkdirSync(axeClaims, { recursive: true });
  try {
    writeFileSync(path.join(axeClaims, createHash("sha1").update(pattern).digest("hex")), pattern, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Waits (briefly, never failing) for the page to settle: loaded, no list still loading. */
async function settle(page: Page) {
  await page.waitForLoadState("load").catch(() => {});
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => {});
}

export const test = base.extend<{ account: TestAccount; axe: boolean }, { dns: E2eDns }>({
  account: async ({ request }, use) => {
    await use(await createAccount(request));
  },
  // The run's one real DNS server, on the port the app under test resolves through.
  dns: [async ({}, use) => use(e2eDns()), { scope: "worker" }],
  // axe on every page the tests visit: `test.use({ axe: false })` turns it off for a file.
  axe: [true, { option: true }],
  page: [
    async ({ page, axe }, use, testInfo) => {
      // Every main-frame navigation, client-side route changes included.
      const visited = new Map<string, string>();
      const onNavigated = (frame: Frame) => {
        if (frame !== page.mainFrame()) return;
        const pattern = pagePattern(frame.url());
        if (pattern && !visited.has(pattern)) visited.set(pattern, frame.url());
      };
      page.on("framenavigated", onNavigated);
      await use(page);
      page.off("framenavigated", onNavigated);
      // A failed test has already said what is wrong; the checks run on passing tests.
      if (!axe || testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;

      // 1. The page as the test left it (its data loaded, a dialog perhaps open).
      if (pagePattern(page.url())) {
        await settle(page);
        await expectNoSeriousA11yViolations(page);
      }
      // 2. Every other page the test went through, loaded again in the same session, once per
      // pattern in the whole run: the walk through them is not repeated, only their first view checked.
      const last = pagePattern(page.url());
      if (last) claimAxeCheck(last);
      const pending = [...visited].filter(([pattern]) => pattern !== last && claimAxeCheck(pattern));
      if (!pending.length) return;
      const probe = await page.context().newPage();
      try {
        for (const [, url] of pending) {
          await probe.goto(url).catch(() => null);
          // Redirected (signed out, deleted record): the page it landed on is what is checked.
          await settle(probe);
          await expectNoSeriousA11yViolations(probe, { soft: true });
        }
      } finally {
        await probe.close();
      }
    },
    { scope: "test", timeout: 90_000 },
  ],
});

export { expect };
