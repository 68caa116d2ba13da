import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { newId, randomBase62 } from "@/lib/db/ids";
import { CLAIM_DUE_JOBS_SQL } from "@/lib/jobs/claim-due-jobs-sql";

// The claim runs as a named prepared statement (hotQuery): after five executions PostgreSQL may
// keep one generic plan for every later claim, planned without the parameters' values. In that
// plan, locking the picked rows by a join on the candidates' ids read every pending row of the
// table (a backlog of 100,000 due automation steps: 250-320 ms a claim, the end-to-end row fell
// with the number of steps due at once). This keeps the generic plan on the primary key.

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Subplan Name"?: string;
  Plans?: PlanNode[];
}

const name = `claim-plan-${randomBase62(10)}`;
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });

afterAll(async () => {
  await client.query(`DELETE FROM "Job" WHERE "name" = $1`, [name]).catch(() => {});
  await client.end();
});

/** Every read of "Job" under `node`, as "<node type> <index names or ->". */
function jobScans(node: PlanNode, out: string[] = []): string[] {
  if (node["Relation Name"] === "Job" && node["Node Type"] !== "ModifyTable") {
    const indexes = node["Node Type"] === "Bitmap Heap Scan" ? bitmapIndexes(node).join(",") : node["Index Name"];
    out.push(`${node["Node Type"]} ${indexes ?? "-"}`);
  }
  for (const child of node.Plans ?? []) jobScans(child, out);
  return out;
}

function bitmapIndexes(node: PlanNode): string[] {
  return (node.Plans ?? []).flatMap((child) => (child["Index Name"] ? [child["Index Name"]] : bitmapIndexes(child)));
}

function findSubplan(node: PlanNode, subplan: string): PlanNode | undefined {
  if (node["Subplan Name"] === subplan) return node;
  for (const child of node.Plans ?? []) {
    const found = findSubplan(child, subplan);
    if (found) return found;
  }
  return undefined;
}

describe("the job claim's generic plan", () => {
  it("locks the picked rows through the primary key, not a scan of the due backlog", async () => {
    await client.connect();
    const accountId = newId("acc");
    // A backlog of one job name due at once, beside finished rows of another, as after a burst.
    await client.query(
      `INSERT INTO "Job" (id, name, "accountId", payload, status, "runAt", "updatedAt", "completedAt")
       SELECT 'job_' || $1 || '_' || g, CASE WHEN g % 4 = 0 THEN $1 || '-done' ELSE $1 END, $2, '{}',
         (CASE WHEN g % 4 = 0 THEN 'completed' ELSE 'pending' END)::"JobStatus",
         now() - interval '1 minute', now(), CASE WHEN g % 4 = 0 THEN now() END
       FROM generate_series(1, 40000) g`,
      [name, accountId],
    );
    await client.query(`ANALYZE "Job"`);

    // In one transaction: the embedded database serves every connection from one session, and a
    // transaction keeps it to this connection (the setting stays local to it).
    const statement = `claim_plan_${randomBase62(10).toLowerCase()}`;
    await client.query("BEGIN");
    let plan: PlanNode;
    try {
      await client.query("SET LOCAL plan_cache_mode = force_generic_plan");
      await client.query(
        `PREPARE ${statement} (text[], text, int, timestamp(3), timestamp(3), timestamp(3), int, int, text[]) AS ${CLAIM_DUE_JOBS_SQL}`,
      );
      const at = new Date().toISOString();
      const until = new Date(Date.now() + 60_000).toISOString();
      const { rows } = await client.query<{ "QUERY PLAN": { Plan: PlanNode }[] }>(
        `EXPLAIN (FORMAT JSON) EXECUTE ${statement} (ARRAY[$$${name}$$], 'w', 200, '${at}', '${at}', '${until}', 200, 5000, ARRAY['job_held']::text[])`,
      );
      plan = rows[0]["QUERY PLAN"][0].Plan;
      await client.query(`DEALLOCATE ${statement}`);
    } finally {
      await client.query("ROLLBACK");
    }

    // Every read of "Job" goes down an index to the rows it wants: no sequential scan, and no
    // bitmap of every pending row (the old statement's generic plan had one or the other).
    const scans = jobScans(plan);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.filter((s) => !/^(Index (Only )?Scan \S+|Bitmap Heap Scan Job_pkey)$/.test(s))).toEqual([]);
    // The locking step reads the picked rows by their primary key.
    expect(jobScans(findSubplan(plan, "CTE picked")!).some((s) => s.endsWith(" Job_pkey"))).toBe(true);
  }, 60_000);
});
