import { afterEach, describe, expect, inject, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { hotQuery } from "@/lib/db/hot-query";

// The hot paths name their statements so a server plans each once per connection; a pooler in
// transaction mode that cannot pass named statements through needs them unnamed
// (DATABASE_PREPARED_STATEMENTS=0). The `pg` driver refuses a name it already prepared on the
// connection for another text, which tells a named statement from an unnamed one. The
// embedded database never names them, so this runs on the PostgreSQL server tier.
const onServer = Boolean(inject("fileDatabasePrefix"));

afterEach(() => {
  delete process.env.DATABASE_PREPARED_STATEMENTS;
  resetEnvCache();
});

describe.skipIf(!onServer)("hot-path statements on a PostgreSQL server", () => {
  it("are named prepared statements by default", async () => {
    const name = `mw_probe_named_${Date.now()}`;
    expect(await hotQuery<{ n: number }>(name, "SELECT 1::int AS n", [])).toEqual([{ n: 1 }]);
    // Sequential queries reuse the pool's most recent idle connection, where the name is taken.
    await expect(hotQuery(name, "SELECT 2::int AS n", [])).rejects.toThrow(/Prepared statements must be unique/);
  });

  it("are sent unnamed with DATABASE_PREPARED_STATEMENTS=0", async () => {
    process.env.DATABASE_PREPARED_STATEMENTS = "0";
    resetEnvCache();
    const name = `mw_probe_unnamed_${Date.now()}`;
    expect(await hotQuery<{ n: number }>(name, "SELECT 1::int AS n", [])).toEqual([{ n: 1 }]);
    expect(await hotQuery<{ n: number }>(name, "SELECT 2::int AS n", [])).toEqual([{ n: 2 }]);
  });
});
