import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { EMAIL_STATUS_FROM_RECIPIENTS_SQL } from "@/lib/emails/deliver-emails-sql";
import { emailStatusFrom } from "@/lib/emails/email-status";
import { RecipientStatus } from "@/lib/generated/prisma/enums";

// The batched delivery finishes its emails inside the acceptances' statement, where the email's
// status is worked out in SQL from its recipients' (EMAIL_STATUS_FROM_RECIPIENTS_SQL); every
// other path does it in TypeScript (emailStatusFrom). The two must agree for every mix.

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });

afterAll(async () => {
  await client.end();
});

/** Every multiset of recipient statuses of 1 to `max` recipients. */
function mixes(max: number): RecipientStatus[][] {
  const all = Object.values(RecipientStatus);
  const out: RecipientStatus[][] = [];
  const grow = (mix: RecipientStatus[], from: number) => {
    if (mix.length) out.push(mix);
    if (mix.length === max) return;
    for (let i = from; i < all.length; i++) grow([...mix, all[i]], i);
  };
  grow([], 0);
  return out;
}

describe("the email's status from its recipients, in SQL", () => {
  it("agrees with emailStatusFrom for every mix of up to three recipients", async () => {
    await client.connect();
    const cases = mixes(3);
    const groups = cases.flatMap((mix, i) => mix.map(() => i));
    const statuses = cases.flat();
    const { rows } = await client.query<{ g: number; status: string }>(
      `SELECT g, ${EMAIL_STATUS_FROM_RECIPIENTS_SQL} AS status
       FROM unnest($1::int[], $2::text[]) AS t(g, s)
       GROUP BY g`,
      [groups, statuses],
    );
    expect(rows).toHaveLength(cases.length);
    const got = new Map(rows.map((r) => [Number(r.g), r.status]));
    const mismatches = cases.map((mix, i) => ({ mix, sql: got.get(i), ts: emailStatusFrom(mix) })).filter((c) => c.sql !== c.ts);
    expect(mismatches).toEqual([]);
  });
});
