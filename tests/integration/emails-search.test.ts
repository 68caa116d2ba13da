import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as sendRoute } from "@/app/api/v1/emails/route";
import { GET as scheduledRoute } from "@/app/api/v1/emails/scheduled/route";
import { getDb } from "@/lib/db/client";
import { call, makeAccount } from "../helpers/api";
import { makeVerifiedDomain } from "../helpers/domains";

// GET /emails: q searches recipients and subject, from/to filter by address, after/before by
// creation time.

async function sender() {
  const account = await makeAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { rateLimitPerSecond: 1000, rateLimitBurst: 1000 } });
  const one = await makeVerifiedDomain(account.accountId);
  const two = await makeVerifiedDomain(account.accountId);
  return { ...account, fromOne: `Acme <hello@${one.domain}>`, fromTwo: `billing@${two.domain}`, two: two.domain };
}

const list = async (key: string, query: string) => {
  const res = await call(listRoute, { path: `/api/v1/emails?${query}`, key });
  return res;
};
const subjects = async (key: string, query: string) => {
  const res = await list(key, query);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json.data as { subject: string }[]).map((e) => e.subject).sort();
};

describe("GET /emails search and filters", () => {
  it("searches recipients and subject, and filters by sender and recipient address", async () => {
    const s = await sender();
    const send = async (body: Record<string, unknown>) => {
      const res = await call(sendRoute, { method: "POST", path: "/", key: s.key, body: { text: "x", ...body } });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.id as string;
    };
    await send({ from: s.fromOne, to: "ada@lovelace.example", subject: "Your invoice for March" });
    await send({ from: s.fromTwo, to: ["bob@example.org"], cc: ["ada@lovelace.example"], subject: "Welcome aboard" });
    await send({ from: s.fromTwo, to: "carol@example.net", subject: "Password reset" });
    await send({ from: s.fromTwo, to: "dave@example.net", subject: "100% off_today" });

    expect(await subjects(s.key, "q=INVOICE")).toEqual(["Your invoice for March"]);
    expect(await subjects(s.key, "q=lovelace")).toEqual(["Welcome aboard", "Your invoice for March"]);
    expect(await subjects(s.key, "q=carol%40example")).toEqual(["Password reset"]);
    expect(await subjects(s.key, "q=nothing-like-this")).toEqual([]);
    // % and _ are the characters themselves, not LIKE wildcards.
    expect(await subjects(s.key, `q=${encodeURIComponent("0% off_")}`)).toEqual(["100% off_today"]);
    expect(await subjects(s.key, "q=%25")).toEqual(["100% off_today"]);
    expect(await subjects(s.key, "q=_")).toEqual(["100% off_today"]);

    expect(await subjects(s.key, `from=${encodeURIComponent(`BILLING@${s.two.toUpperCase()}`)}`)).toEqual([
      "100% off_today",
      "Password reset",
      "Welcome aboard",
    ]);
    expect(await subjects(s.key, `from=${encodeURIComponent(s.fromOne.replace(/.*</, "").replace(">", ""))}`)).toEqual([
      "Your invoice for March",
    ]);
    expect(await subjects(s.key, "to=ada%40lovelace.example")).toEqual(["Welcome aboard", "Your invoice for March"]);
    expect(await subjects(s.key, `to=ada%40lovelace.example&from=${encodeURIComponent(`billing@${s.two}`)}`)).toEqual(["Welcome aboard"]);
    expect(await subjects(s.key, "to=ada%40lovelace.example&q=invoice")).toEqual(["Your invoice for March"]);

    // Paging keeps the filter: total counts matches only.
    const page = await list(s.key, "to=ada%40lovelace.example&limit=1&offset=1");
    expect(page.json.pagination).toEqual({ limit: 1, offset: 1, total: 2, hasMore: false });
    expect(page.json.data).toHaveLength(1);

    const bad = await list(s.key, "to=not-an-address");
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toBe("to");
  });

  it("filters by after/before dates, 400s on a bad date, and still refuses a cursor", async () => {
    const s = await sender();
    const ids: string[] = [];
    for (const subject of ["old", "middle", "new"]) {
      const res = await call(sendRoute, {
        method: "POST",
        path: "/",
        key: s.key,
        body: { from: s.fromOne, to: "x@example.org", subject, text: "x" },
      });
      ids.push(res.json.id);
    }
    const days = { old: "2026-01-10T12:00:00.000Z", middle: "2026-02-10T12:00:00.000Z", new: "2026-03-10T12:00:00.000Z" };
    await getDb().email.update({ where: { id: ids[0] }, data: { createdAt: new Date(days.old) } });
    await getDb().email.update({ where: { id: ids[1] }, data: { createdAt: new Date(days.middle) } });
    await getDb().email.update({ where: { id: ids[2] }, data: { createdAt: new Date(days.new) } });

    expect(await subjects(s.key, "after=2026-02-01")).toEqual(["middle", "new"]);
    expect(await subjects(s.key, "before=2026-02-10T12:00:00Z")).toEqual(["old"]);
    expect(await subjects(s.key, `after=${encodeURIComponent("2026-02-10T12:00:00.000Z")}&before=2026-03-01`)).toEqual(["middle"]);
    // The old meaning of from/to (dates) still works for clients that used it.
    expect(await subjects(s.key, "from=2026-03-01T00:00:00Z")).toEqual(["new"]);
    expect(await subjects(s.key, "to=2026-01-31T00:00:00Z")).toEqual(["old"]);

    const bad = await list(s.key, "after=2026-13-45");
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^after: after must be an ISO 8601 date-time/);
    const cursor = await list(s.key, `after=${ids[0]}`);
    expect(cursor.status).toBe(400);
    expect(cursor.json.error.message).toMatch(/^after: cursor pagination/);
    const scheduled = await call(scheduledRoute, { path: "/api/v1/emails/scheduled?before=yesterday", key: s.key });
    expect(scheduled.status).toBe(400);
  });
});
