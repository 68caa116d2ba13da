import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import type { TestDnsServer } from "../tests/helpers/dns-server";
import { startE2eDnsServer } from "./dns";

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

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, account: Pick<TestAccount, "email" | "password">) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export const test = base.extend<{ account: TestAccount }, { dns: TestDnsServer }>({
  account: async ({ request }, use) => {
    await use(await createAccount(request));
  },
  // One real DNS server per worker, on the port the app under test resolves through.
  dns: [
    async ({}, use) => {
      const dns = await startE2eDnsServer();
      await use(dns);
      await dns.close();
    },
    { scope: "worker" },
  ],
});

export { expect };
