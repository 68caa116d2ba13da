import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "@/lib/db/embedded";

// The embedded server multiplexes connections onto one PGlite session. Parameterised queries
// (the extended protocol every driver uses) from many connections at once must each get their
// own answer: this failed with "unnamed prepared statement does not exist" and crossed results
// before lib/db/pglite-query-lock.ts.
describe("embedded database under concurrent connections", () => {
  let db: EmbeddedDatabase;
  let pools: pg.Pool[];

  beforeAll(async () => {
    db = await startEmbeddedDatabase({ maxConnections: 16 });
    pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: db.url, max: 4 }));
  });

  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await db.stop();
  });

  it("answers each of many concurrent parameterised queries with its own result", async () => {
    const runs = Array.from({ length: 400 }, async (_, i) => {
      const pool = pools[i % pools.length];
      // Each statement differs in its text, so running another connection's statement with
      // these parameters gives a wrong answer, not just the same one.
      // Every few queries carry a large parameter: its Bind message spans several TCP reads,
      // the moment another connection's messages could slip in.
      const big = i % 5 === 0 ? "x".repeat(200_000 + i) : `t${i}`;
      const res = await pool.query(`SELECT $1::int * 1000 + ${i % 997} AS n, length($2::text) + ${i % 13} AS len`, [i, big]);
      return res.rows[0].n === i * 1000 + (i % 997) && res.rows[0].len === big.length + (i % 13);
    });
    const results = await Promise.all(runs);
    expect(results.filter((ok) => !ok)).toHaveLength(0);
  });

  it("keeps a transaction's statements apart from other connections", async () => {
    await pools[0].query("CREATE TABLE IF NOT EXISTS t_iso (n int)");
    const client = await pools[1].connect();
    await client.query("BEGIN");
    await client.query("INSERT INTO t_iso VALUES ($1)", [1]);
    const outside = pools[2].query("SELECT count(*)::int AS c FROM t_iso WHERE n = $1", [1]);
    await client.query("ROLLBACK");
    client.release();
    expect((await outside).rows[0].c).toBe(0);
  });
});
