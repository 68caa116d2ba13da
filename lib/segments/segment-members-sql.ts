import type { PoolClient } from "pg";
import { getEnv } from "@/lib/config/env";
import { ApiError } from "@/lib/api/errors";
import type { Rule } from "@/lib/automations/graph/rule-schema";
import { getDb, getPool } from "@/lib/db/client";
import { compileSegmentFilter } from "./compile-segment-filter-sql";
import { loadFilterContext } from "./load-filter-context";

// Reads of a filtered segment's members: the account's contacts that match its filter now.
// Each runs under SEGMENT_QUERY_TIMEOUT_MS, so one costly filter cannot hold a connection for
// longer; past it the read is refused with a 400 naming the filter.

const QUERY_CANCELED = "57014";

/**
 * Runs `run` in a transaction of its own under SEGMENT_QUERY_TIMEOUT_MS (read-only unless
 * `writes`: a segment_entry pass records the members it read in the same statement).
 */
export async function withFilterTimeout<T>(run: (client: PoolClient) => Promise<T>, options: { writes?: boolean } = {}): Promise<T> {
  const client = await getPool().connect();
  try {
    await client.query(options.writes ? "BEGIN" : "BEGIN READ ONLY");
    await client.query(`SELECT set_config('statement_timeout', $1, true)`, [String(getEnv().SEGMENT_QUERY_TIMEOUT_MS)]);
    const result = await run(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    if ((error as { code?: string }).code === QUERY_CANCELED) {
      throw new ApiError(
        "validation_error",
        `filter: evaluating this filter took longer than ${getEnv().SEGMENT_QUERY_TIMEOUT_MS} ms; narrow it (fewer activity or event rules, or a window)`,
        [{ path: "filter", message: "too costly to evaluate" }],
      );
    }
    throw error;
  } finally {
    client.release();
  }
}

/** The filter as a predicate on `c`, its parameters numbered from `firstParam` (a 400 when it is wrong). */
export async function compileAccountFilter(accountId: string, filter: Rule, firstParam: number) {
  const ctx = await loadFilterContext(getDb(), accountId, filter);
  return compileSegmentFilter(filter, ctx, { contactAlias: "c", firstParam });
}

/** How many of the account's contacts match the filter now. */
export async function countSegmentMembers(accountId: string, filter: Rule): Promise<number> {
  const compiled = await compileAccountFilter(accountId, filter, 2);
  return withFilterTimeout(async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Contact" c WHERE c."accountId" = $1 AND ${compiled.sql}`,
      [accountId, ...compiled.params],
    );
    return rows[0]?.n ?? 0;
  });
}

/** The ids of a page of matching contacts, newest first, and how many match in all. */
export async function pageSegmentMembers(
  accountId: string,
  filter: Rule,
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const ctx = await loadFilterContext(getDb(), accountId, filter);
  const paged = compileSegmentFilter(filter, ctx, { firstParam: 4 });
  const counted = compileSegmentFilter(filter, ctx, { firstParam: 2 });
  return withFilterTimeout(async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT c.id FROM "Contact" c WHERE c."accountId" = $1 AND ${paged.sql}
       ORDER BY c."createdAt" DESC, c.id DESC LIMIT $2 OFFSET $3`,
      [accountId, page.limit, page.offset, ...paged.params],
    );
    const total = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Contact" c WHERE c."accountId" = $1 AND ${counted.sql}`,
      [accountId, ...counted.params],
    );
    return { ids: rows.map((r) => r.id), total: total.rows[0]?.n ?? 0 };
  });
}

/** Whether one contact matches the filter now (a journey's membership rule on a filtered segment). */
export async function contactMatchesFilter(accountId: string, contactId: string, filter: Rule): Promise<boolean> {
  const compiled = await compileAccountFilter(accountId, filter, 3);
  return withFilterTimeout(async (client) => {
    const { rows } = await client.query<{ hit: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM "Contact" c WHERE c."accountId" = $1 AND c.id = $2 AND ${compiled.sql}) AS hit`,
      [accountId, contactId, ...compiled.params],
    );
    return rows[0]?.hit ?? false;
  });
}
