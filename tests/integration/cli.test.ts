import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/api-keys/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { call } from "../helpers/api";
import { CLI_TEST_TIMEOUT, runCli } from "../helpers/cli";

const cli = (...args: string[]) => runCli(args);

describe("operator CLI", { timeout: CLI_TEST_TIMEOUT }, () => {
  it("creates an account with a working full_access key and grants credits", async () => {
    const email = `cli-${randomBase62(8).toLowerCase()}@example.test`;
    const { stdout } = await cli("account:create", "--email", email, "--password", "long enough pw", "--name", "Ops");
    const created = JSON.parse(stdout);
    expect(created.accountId).toMatch(/^acc_/);
    expect(created.apiKey).toMatch(/^mw_/);

    const keys = await call(GET, { path: "/api/v1/api-keys", key: created.apiKey });
    expect(keys.status).toBe(200);
    expect(keys.json.data[0].scopes).toEqual(["full_access"]);

    const before = await getDb().account.findUniqueOrThrow({ where: { id: created.accountId } });
    const granted = JSON.parse((await cli("credits:grant", "--account", created.accountId, "--amount", "250")).stdout);
    expect(granted.balance).toBe(before.creditBalance + 250);
    const ledger = await getDb().creditTransaction.findMany({ where: { accountId: created.accountId }, orderBy: { createdAt: "asc" } });
    expect(ledger.map((t) => [t.type, t.amount, t.balanceAfter])).toEqual([
      ["grant", before.creditBalance, before.creditBalance],
      ["grant", 250, before.creditBalance + 250],
    ]);
  });

  it("makes confirmed accounts whose free credits are usable even when sign-ups need confirmation", async () => {
    const email = `cli-${randomBase62(8).toLowerCase()}@example.test`;
    const { stdout } = await runCli(["account:create", "--email", email, "--password", "long enough pw"], {
      SIGNUP_REQUIRE_CONFIRMATION: "1",
      FREE_CREDITS: "40",
    });
    const account = await getDb().account.findUniqueOrThrow({ where: { id: JSON.parse(stdout).accountId } });
    expect(account.emailConfirmedAt).toBeInstanceOf(Date);
    expect(account).toMatchObject({ creditBalance: 40, freeCreditsPending: 0 });
  });

  it("explains bad input and exits non-zero", async () => {
    await expect(cli("account:create", "--email", "not-an-email", "--password", "x")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("--email"),
    });
    await expect(cli("credits:grant", "--account", "acc_nope", "--amount", "5")).rejects.toMatchObject({
      stderr: expect.stringContaining("no account acc_nope"),
    });
  });
});
