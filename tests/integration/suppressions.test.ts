import { describe, expect, it } from "vitest";
import { GET as listRoute, DELETE as liftByEmailRoute } from "@/app/api/v1/suppressions/route";
import { DELETE as liftRoute } from "@/app/api/v1/suppressions/[id]/route";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { call, makeAccount } from "../helpers/api";

// GET /suppressions with search (q) and pagination; lifting by address and by id.

async function suppress(accountId: string, email: string, reason: "hard_bounce" | "complaint", createdAt: Date) {
  return getDb().suppression.create({ data: { id: newId("sup"), accountId, email, reason, createdAt } });
}

describe("suppressions", () => {
  it("searches by any part of the address, case-insensitively, and pages", async () => {
    const { accountId, key } = await makeAccount();
    const base = Date.now() - 60_000;
    const rows = [];
    for (const [i, email] of [
      "10ab@x.example",
      "ann@acme.example",
      "bob@acme.example",
      "cy@other.example",
      "100%_real@x.example",
    ].entries()) {
      rows.push(await suppress(accountId, email, i % 2 ? "complaint" : "hard_bounce", new Date(base + i * 1000)));
    }
    const list = (query: string) => call(listRoute, { path: `/api/v1/suppressions${query}`, key });

    const all = await list("");
    expect(all.json.data.map((s: { email: string }) => s.email)).toEqual([
      "100%_real@x.example",
      "cy@other.example",
      "bob@acme.example",
      "ann@acme.example",
      "10ab@x.example",
    ]);
    expect((await list("?q=ACME")).json.data.map((s: { email: string }) => s.email)).toEqual(["bob@acme.example", "ann@acme.example"]);
    expect((await list("?q=acme&limit=1&offset=1")).json).toMatchObject({
      data: [{ email: "ann@acme.example", reason: "complaint" }],
      pagination: { limit: 1, offset: 1, total: 2, hasMore: false },
    });
    // The older `email` parameter still searches; % and _ are plain characters, not wildcards.
    expect((await list("?email=other")).json.data.map((s: { email: string }) => s.email)).toEqual(["cy@other.example"]);
    expect((await list(`?q=${encodeURIComponent("0%_")}`)).json.data.map((s: { email: string }) => s.email)).toEqual([
      "100%_real@x.example",
    ]);
    expect((await list("?q=%25")).json.pagination.total).toBe(1);
    expect((await list("?q=_")).json.pagination.total).toBe(1);
    expect((await list("?q=nobody")).json).toMatchObject({ data: [], pagination: { total: 0 } });

    const tooLong = await list(`?q=${"a".repeat(321)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.code).toBe("validation_error");
    expect((await list("?limit=0")).status).toBe(400);
  });

  it("lifts by id and by address; a second lift or an unknown id is 404", async () => {
    const { accountId, key } = await makeAccount();
    const one = await suppress(accountId, "one@x.example", "hard_bounce", new Date());
    await suppress(accountId, "two@x.example", "complaint", new Date());

    const lifted = await call(liftRoute, { method: "DELETE", path: "/", key, params: { id: one.id } });
    expect(lifted.status).toBe(200);
    expect(lifted.json).toEqual({ email: "one@x.example", deleted: true });
    expect(await getDb().suppression.count({ where: { accountId } })).toBe(1);
    expect((await call(liftRoute, { method: "DELETE", path: "/", key, params: { id: one.id } })).status).toBe(404);
    expect((await call(liftRoute, { method: "DELETE", path: "/", key, params: { id: "sup_nope" } })).status).toBe(404);

    const byEmail = await call(liftByEmailRoute, { method: "DELETE", path: "/api/v1/suppressions?email=TWO@x.example", key });
    expect(byEmail.status).toBe(200);
    expect(await getDb().suppression.count({ where: { accountId } })).toBe(0);
  });

  it("never lists or lifts another account's suppression", async () => {
    const a = await makeAccount();
    const b = await makeAccount();
    const theirs = await suppress(a.accountId, "private@a.example", "hard_bounce", new Date());
    expect((await call(listRoute, { path: "/api/v1/suppressions?q=private", key: b.key })).json.pagination.total).toBe(0);
    const res = await call(liftRoute, { method: "DELETE", path: "/", key: b.key, params: { id: theirs.id } });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
    expect(await getDb().suppression.findUnique({ where: { id: theirs.id } })).not.toBeNull();
  });
});
