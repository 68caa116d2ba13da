import { loadavg } from "node:os";

/**
 * A filtered segment's live count (GET /segments/:id's `count`, countSegmentMembers) over an
 * account of `contacts` contacts and `events` contact events, seeded in SQL (generate_series),
 * secondary indexes built after the load, then analyzed as autovacuum would have. The filter has three conditions: a declared string
 * property (plan = pro, a third of the contacts), an activity (opened an email within 30 days:
 * `emails` emails of which 40% opened, at random times over 60 days) and an event (purchase
 * within 30 days: a twentieth of the events, at random times over 90 days). `runs` counts, each
 * timed; nothing is cached between them. Beside it, the floor: count(*) of the account's contacts.
 */
export async function benchSegmentCount(options: { accountId: string; contacts: number; events: number; emails: number; runs: number }) {
  const { getDb } = await import("@/lib/db/client");
  const { createContactProperty } = await import("@/lib/contact-properties/create-contact-property");
  const { countSegmentMembers } = await import("@/lib/segments/segment-members-sql");
  const { vacuumIfAutovacuumOff } = await import("./vacuum");
  const db = getDb();
  const a = options.accountId;
  await createContactProperty({ accountId: a, input: { key: "plan", type: "string", fallbackValue: null } });

  // Seeded on a connection of its own without the pool's statement timeout (minutes at 10M rows).
  const pg = (await import("pg")).default;
  const seeder = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await seeder.connect();
  // The fastest load: no foreign-key triggers (the rows are consistent by construction; this
  // session only), and the tables' secondary indexes built once after the rows are in (the
  // same definitions, read from the catalog), with room to sort in memory.
  await seeder.query("SET statement_timeout = 0; SET session_replication_role = replica; SET maintenance_work_mem = '512MB'");
  const tables = ["Contact", "ContactEvent", "Email", "EmailRecipient"];
  const { rows: indexes } = await seeder.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)`,
    [tables],
  );
  for (const index of indexes) await seeder.query(`DROP INDEX "${index.name}"`);
  const n = options.contacts;
  const seedStarted = performance.now();
  // $1 the account, $2 how many contacts, $3 how many rows this statement makes.
  const seed = (sql: string, rows: number) => seeder.query(sql, [a, n, rows]);
  await seed(
    `INSERT INTO "Contact" (id, "accountId", email, name, properties, "createdAt", "updatedAt")
     SELECT 'con_seg' || lpad(g::text, 8, '0'), $1, 'member' || g || '@seg.example', 'Member ' || g,
            jsonb_build_object('plan', (ARRAY['free', 'pro', 'team'])[1 + g % 3], 'score', g % 100),
            now() - (g % 1000) * interval '1 hour', now()
     FROM generate_series(1, $3::int) g WHERE $2::int > 0`,
    n,
  );
  await seed(
    `INSERT INTO "ContactEvent" (id, "accountId", "contactId", name, properties, "createdAt")
     SELECT 'cev_seg' || g, $1, 'con_seg' || lpad((1 + (g * 7919::bigint) % $2::int)::text, 8, '0'),
            CASE WHEN g % 20 = 0 THEN 'purchase' ELSE 'page_view_' || (g % 20) END, '{}',
            now() - random() * interval '90 days'
     FROM generate_series(1, $3::int) g`,
    options.events,
  );
  // The activity: one email each to `emails` contacts (every fifth), 40% of them opened.
  await seed(
    `INSERT INTO "Email" (id, "accountId", "from", "to", cc, bcc, "replyTo", subject, status, "lastEvent", "createdAt", "updatedAt")
     SELECT 'em_seg' || g, $1, 'hello@bench.example', ARRAY['member' || (1 + (g * 5) % $2::int) || '@seg.example'],
            '{}', '{}', '{}', 'News', 'delivered', 'email.delivered', now() - interval '60 days', now()
     FROM generate_series(1, $3::int) g`,
    options.emails,
  );
  await seed(
    `INSERT INTO "EmailRecipient" (id, "accountId", "emailId", email, kind, status, "verpToken", "deliveredAt", "firstOpenedAt", "updatedAt")
     SELECT 'rcp_seg' || g, $1, 'em_seg' || g, 'member' || (1 + (g * 5) % $2::int) || '@seg.example', 'to', 'delivered',
            'seg' || g, now() - interval '60 days', CASE WHEN g % 5 < 2 THEN now() - random() * interval '60 days' END, now()
     FROM generate_series(1, $3::int) g`,
    options.emails,
  );
  for (const index of indexes) await seeder.query(index.def);
  await seeder.end();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  await vacuumIfAutovacuumOff();

  const filter = {
    type: "and" as const,
    rules: [
      { type: "rule" as const, field: "plan", operator: "eq" as const, value: "pro" },
      { type: "email" as const, action: "opened" as const, within: "30 days" },
      { type: "event" as const, eventName: "purchase", within: "30 days" },
    ],
  };
  const samples: number[] = [];
  let count = 0;
  for (let i = 0; i < options.runs; i++) {
    const started = performance.now();
    count = await countSegmentMembers(a, filter);
    samples.push(performance.now() - started);
  }
  const floorStarted = performance.now();
  await db.$queryRaw`SELECT count(*)::int AS n FROM "Contact" WHERE "accountId" = ${a}`;
  const floorMs = performance.now() - floorStarted;
  samples.sort((x, y) => x - y);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)];
  return {
    count,
    seedSeconds,
    p50: pct(50),
    p95: pct(95),
    max: samples[samples.length - 1],
    floorMs,
    load: loadavg(),
  };
}
