import { writeFileSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";

/**
 * A contact import of `rows` rows (a CSV written to /tmp: email, first and last name, two
 * properties, one of them declared as a number) into a list, run by the real contacts.import
 * job handler (runContactImport: the file streamed twice, chunks committed with the import's
 * progress). The import is stored with createContactImport, as POST /contacts/import stores
 * it; the API takes 5 MB of CSV a request, so this is the file of many requests at once.
 * Beside it, the baseline: the same rows written by one INSERT ... SELECT from the file's
 * rows (split here, sent as arrays), contacts and list memberships, nothing else.
 */
export async function benchContactImport(options: { accountId: string; rows: number }) {
  const { getDb } = await import("@/lib/db/client");
  const { newId } = await import("@/lib/db/ids");
  const { createContactImport } = await import("@/lib/contacts/import-create");
  const { runContactImport } = await import("@/lib/contacts/import-run");
  const { createContactProperty } = await import("@/lib/contact-properties/create-contact-property");
  const db = getDb();
  const a = options.accountId;
  await createContactProperty({ accountId: a, input: { key: "score", type: "number", fallbackValue: null } });
  const file = `/tmp/mailwright-bench-import-${process.pid}.csv`;
  const lines = ["email,first_name,last_name,plan,score"];
  for (let i = 1; i <= options.rows; i++) lines.push(`person${i}@import.example,Ada${i},Lovelace,${i % 3 ? "free" : "pro"},${i % 100}`);
  writeFileSync(file, lines.join("\n") + "\n");
  const csv = readFileSync(file, "utf8");

  const listId = newId("lst");
  await db.contactList.create({ data: { id: listId, accountId: a, name: "Import bench" } });
  const { id } = await createContactImport({ accountId: a, input: { csv, listId, updateExisting: true } });
  const { startCpuProfile } = await import("./measure-process");
  const profile = await startCpuProfile(process.env.BENCH_IMPORT_CPU_PROFILE);
  const started = performance.now();
  await runContactImport(id, { attempt: 1, maxAttempts: 5 });
  const importSeconds = (performance.now() - started) / 1000;
  await profile.stop();
  const done = await db.contactImport.findUniqueOrThrow({ where: { id } });
  if (done.status !== "completed" || done.created !== options.rows)
    throw new Error(`import bench: ${done.status}, ${done.created} created`);

  // The baseline: the same file into a second account's worth of rows (other addresses).
  const { seedingClient } = await import("./setup");
  const client = await seedingClient();
  const baseList = newId("lst");
  await db.contactList.create({ data: { id: baseList, accountId: a, name: "Import baseline" } });
  const baseStarted = performance.now();
  await client.query("BEGIN");
  // The file's rows split in this process (no quoting in this file), sent 50,000 at a time as arrays.
  const records = csv.trimEnd().split("\n").slice(1);
  for (let at = 0; at < records.length; at += 50_000) {
    const cells = records.slice(at, at + 50_000).map((line) => line.split(","));
    await client.query(
      `WITH c AS (
         INSERT INTO "Contact" (id, "accountId", email, name, properties, "createdAt", "updatedAt")
         SELECT 'con_base' || md5(r.email), $1, 'base.' || r.email, r.first_name || ' ' || r.last_name,
                jsonb_build_object('plan', r.plan, 'score', r.score::numeric), now(), now()
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS r(email, first_name, last_name, plan, score)
         RETURNING id)
       INSERT INTO "ListMembership" ("listId", "contactId") SELECT $2, id FROM c`,
      [a, baseList, ...[0, 1, 2, 3, 4].map((i) => cells.map((row) => row[i]))],
    );
  }
  await client.query("COMMIT");
  const baselineSeconds = (performance.now() - baseStarted) / 1000;
  await client.end();
  rmSync(file, { force: true });
  return {
    rows: options.rows,
    megabytes: Buffer.byteLength(csv) / 1024 / 1024,
    importRate: options.rows / importSeconds,
    importSeconds,
    baselineRate: options.rows / baselineSeconds,
    load: loadavg(),
  };
}
