// npm run cli -- <command> [--flags]: operator commands.
//   account:create --email E --password P [--name N]   -> {"accountId", "apiKey"} (full_access)
//   credits:grant --account ID --amount N              -> {"accountId", "balance"}
//   sandbox:dkim                                       -> {"from", "domain", "records"}: DNS records for SANDBOX_FROM's domain
//   audit:verify [--account ID]                        -> {"accounts", "entries", "ok"}; exits 1 naming the first bad entry
import { parseArgs } from "node:util";
import { z } from "zod";
import { migrate } from "@/lib/db/migrate";
import { withDatabase } from "./lib/database";

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    account: { type: "string" },
    amount: { type: "string" },
  },
});

function fail(message: string): never {
  console.error(`error: ${message}`);
  process.exit(1);
}

async function run(url: string) {
  // A fresh machine may run the CLI before the first `npm start`: bring the schema up first.
  await migrate(url);
  process.env.DATABASE_URL = url;
  process.env.DB_POOL_SIZE ??= "2";
  const { getDb, disconnectDb } = await import("@/lib/db/client");
  try {
    if (command === "account:create") {
      const { signUpBodySchema } = await import("@/lib/accounts/schemas");
      const { createAccount } = await import("@/lib/accounts/create-account");
      const { createApiKey } = await import("@/lib/api-keys/create-api-key");
      const input = signUpBodySchema.safeParse({ ...values, name: values.name ?? values.email?.split("@")[0] });
      if (!input.success) fail(input.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; "));
      // The operator vouches for the address: confirmed, credits usable at once.
      const { account } = await createAccount(input.data, { confirmation: "confirmed" });
      const key = await createApiKey({ accountId: account.id, input: { name: "CLI", scopes: ["full_access"] } });
      return { accountId: account.id, apiKey: key.key };
    }
    if (command === "credits:grant") {
      const amount = z.coerce.number().int().positive().safeParse(values.amount);
      if (!values.account) fail("--account is required");
      if (!amount.success) fail("--amount must be a positive integer");
      const { grantCredits } = await import("@/lib/credits/grant-credits");
      const db = getDb();
      const exists = await db.account.findUnique({ where: { id: values.account } });
      if (!exists) fail(`no account ${values.account}`);
      const tx = await db.$transaction((t) =>
        grantCredits(t, { accountId: values.account!, amount: amount.data, description: "Granted from the CLI" }),
      );
      return { accountId: values.account, balance: tx.balanceAfter };
    }
    if (command === "sandbox:dkim") {
      // The sandbox sender's key is made on first use; the operator publishes these records once.
      const { getSandboxSigningKey } = await import("@/lib/sandbox/get-sandbox-signing-key");
      const { sandboxAddress } = await import("@/lib/sandbox/sandbox-address");
      const { buildDomainRecords } = await import("@/lib/domains/build-domain-records");
      const key = await getSandboxSigningKey();
      const records = buildDomainRecords({ domain: key.domain, selector: key.selector, publicKey: key.publicKey });
      return { from: sandboxAddress().address, domain: key.domain, records: records.map(({ status: _status, ...r }) => r) };
    }
    if (command === "audit:verify") {
      // Recomputes every account's hash chain; an edited, removed or inserted entry breaks it.
      const { verifyAuditChain } = await import("@/lib/audit-log/verify-audit-chain");
      const result = await verifyAuditChain({ accountId: values.account });
      const first = result.problems[0];
      if (first) {
        console.log(JSON.stringify({ accounts: result.accounts, entries: result.entries, ok: false, problems: result.problems }));
        fail(`audit chain broken at entry ${first.entryId} (account ${first.accountId}, seq ${first.seq}): ${first.reason}`);
      }
      return { accounts: result.accounts, entries: result.entries, ok: true };
    }
    fail(`unknown command ${command ?? "(none)"}; use account:create, credits:grant, sandbox:dkim or audit:verify`);
  } finally {
    await disconnectDb();
  }
}

try {
  const result = await withDatabase(run);
  console.log(JSON.stringify(result));
} catch (error) {
  const e = error as { message?: string; details?: { path: string; message: string }[] };
  fail(e.details?.length ? `${e.message}: ${e.details.map((d) => `${d.path} ${d.message}`).join(", ")}` : (e.message ?? String(error)));
}
