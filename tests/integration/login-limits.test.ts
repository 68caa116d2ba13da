import { afterEach, describe, expect, it } from "vitest";
import type { CredentialsConfig } from "next-auth/providers/credentials";
import { authOptions } from "@/lib/auth/options";
import { randomBase62 } from "@/lib/db/ids";
import { resetEnvCache } from "@/lib/config/env";
import { makeAccount } from "../helpers/api";

// Dashboard login through next-auth's credentials authorize(), as the
// /api/auth/callback/credentials route runs it (next-auth hands it the request's headers as a
// plain record): per-address and per-account limits, and no timing tell for unknown emails.

const saved = { ...process.env };
function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

const PASSWORD = "correct horse battery";
const randomAddress = () => `198.51.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function login(email: string, password: string, address = randomAddress()) {
  const provider = authOptions().providers[0] as CredentialsConfig;
  const req = { headers: { "x-forwarded-for": `10.0.0.9, ${address}` }, body: {}, query: {}, method: "POST" };
  return provider.options.authorize!({ email, password } as Record<string, string>, req);
}

describe("login limits", () => {
  it("locks an account after LOGIN_LIMIT_PER_ACCOUNT failed attempts, even from many addresses", async () => {
    setEnv({ TRUST_PROXY_HOPS: "1", LOGIN_LIMIT_PER_ACCOUNT: "3" });
    const { email, userId } = await makeAccount();
    // A success clears the failures counted so far.
    expect(await login(email, "wrong password 1")).toBeNull();
    expect(await login(email, "wrong password 2")).toBeNull();
    expect(await login(email, PASSWORD)).toMatchObject({ id: userId });
    for (let i = 0; i < 3; i++) expect(await login(email, `wrong ${i}`)).toBeNull();
    // Now even the right password is refused until the window passes.
    await expect(login(email, PASSWORD)).rejects.toThrow("RateLimited");
    // Another account is not affected.
    const other = await makeAccount();
    expect(await login(other.email, PASSWORD)).toMatchObject({ id: other.userId });
  });

  it("limits attempts per client address across accounts", async () => {
    setEnv({ TRUST_PROXY_HOPS: "1", LOGIN_LIMIT_PER_ADDRESS: "4" });
    const address = randomAddress();
    for (let i = 0; i < 4; i++) expect(await login(`nobody-${randomBase62(6)}@example.test`, "whatever pw", address)).toBeNull();
    const { email } = await makeAccount();
    await expect(login(email, PASSWORD, address)).rejects.toThrow("RateLimited");
    expect(await login(email, PASSWORD)).toBeTruthy();
  });

  it("an unknown email takes as long as a wrong password (both run bcrypt)", async () => {
    setEnv({ TRUST_PROXY_HOPS: "1" });
    const { email } = await makeAccount();
    await login(`warm-${randomBase62(6)}@example.test`, "warm up");
    // The CPU time this process spends on each login, bcrypt's share above all: the difference
    // a timing attack would see, measured without the wall-clock noise of whatever else the
    // machine runs meanwhile (the e2e tier beside this one).
    const time = async (fn: () => Promise<unknown>) => {
      const started = process.cpuUsage();
      await fn();
      const spent = process.cpuUsage(started);
      return (spent.user + spent.system) / 1000;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      wrong.push(await time(() => login(email, `wrong ${i}`)));
      unknown.push(await time(() => login(`nobody-${randomBase62(8)}@example.test`, `wrong ${i}`)));
    }
    const ratio = median(unknown) / median(wrong);
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms vs wrong ${median(wrong).toFixed(1)} ms`).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
