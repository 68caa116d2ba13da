import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as overviewRoute } from "@/app/api/v1/analytics/overview/route";
import { GET as timeseriesRoute } from "@/app/api/v1/analytics/timeseries/route";
import { GET as topLinksRoute } from "@/app/api/v1/analytics/top-links/route";
import { getDb } from "@/lib/db/client";
import { recordEmailEvent, type EmailEventType } from "@/lib/emails/record-event";
import { call, makeAccount } from "../helpers/api";

// Events are written through the one recorder the pipeline uses, at known times, then read
// back through the API; a last test compares the counters with a full count of the events.
const base = new Date("2026-03-10T00:00:00Z");
const at = (day: number, hour: number) => new Date(base.getTime() + day * 86_400_000 + hour * 3_600_000);

async function emailRow(accountId: string, automationId: string | null, domain: string) {
  return getDb().email.create({
    data: {
      id: `em_${Math.random().toString(36).slice(2)}${Date.now()}`,
      accountId,
      from: `a@${domain}`,
      to: ["r@x.example"],
      subject: "s",
      tags: automationId ? [{ name: "automation_id", value: automationId }] : [],
      automationId,
    },
  });
}

async function event(
  email: Awaited<ReturnType<typeof emailRow>>,
  domain: string,
  type: EmailEventType,
  when: Date,
  data: Record<string, unknown> = {},
) {
  await getDb().$transaction(async (tx) => {
    const created = await recordEmailEvent(tx, { email, domain, type, data });
    // Back-date the event and its counter row as if it happened `when`.
    await tx.emailEvent.update({ where: { id: created.id }, data: { createdAt: when } });
  });
}

describe("analytics", () => {
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    ({ key, accountId } = await makeAccount());
  });

  afterAll(async () => {
    await getDb().analyticsCounter.deleteMany({ where: { accountId } });
  });

  it("serves exact counts, rates, zero-filled buckets and top links, with filters", async () => {
    // Events at their real time go into "now" buckets; use the range around now.
    const a = await emailRow(accountId, "aut_1", "one.example");
    const b = await emailRow(accountId, null, "two.example");
    for (const e of [a, b]) {
      const d = e === a ? "one.example" : "two.example";
      await event(e, d, "email.sent", new Date());
      await event(e, d, "email.delivered", new Date());
    }
    await event(a, "one.example", "email.opened", new Date(), { unique: true });
    await event(a, "one.example", "email.opened", new Date(), { unique: false });
    await event(a, "one.example", "email.clicked", new Date(), { unique: true, link: "https://x.example/a" });
    await event(a, "one.example", "email.clicked", new Date(), { unique: false, link: "https://x.example/a" });
    await event(b, "two.example", "email.clicked", new Date(), { unique: true, link: "https://x.example/b" });
    await event(b, "two.example", "email.complaint", new Date());
    const c = await emailRow(accountId, null, "two.example");
    await event(c, "two.example", "email.sent", new Date());
    await event(c, "two.example", "email.bounced", new Date(), { bounce: { type: "hard" } });

    const overview = await call(overviewRoute, { path: "/api/v1/analytics/overview", key });
    expect(overview.status).toBe(200);
    expect(overview.json).toMatchObject({
      sent: 3,
      delivered: 2,
      opened: { total: 2, unique: 1 },
      clicked: { total: 3, unique: 2 },
      bounced: 1,
      complained: 1,
      rates: { delivered: 0.6667, opened: 0.5, clicked: 1, bounced: 0.3333, complained: 0.5 },
    });

    const byAutomation = await call(overviewRoute, { path: "/api/v1/analytics/overview?automation_id=aut_1", key });
    expect(byAutomation.json).toMatchObject({ sent: 1, delivered: 1, clicked: { total: 2, unique: 1 }, complained: 0 });
    const byDomain = await call(overviewRoute, { path: "/api/v1/analytics/overview?domain=two.example", key });
    expect(byDomain.json).toMatchObject({ sent: 2, bounced: 1, complained: 1, opened: { total: 0, unique: 0 } });

    const links = await call(topLinksRoute, { path: "/api/v1/analytics/top-links?limit=5", key });
    expect(links.json.data).toEqual([
      { url: "https://x.example/a", clicks: 2, uniqueClicks: 1 },
      { url: "https://x.example/b", clicks: 1, uniqueClicks: 1 },
    ]);

    const series = await call(timeseriesRoute, { path: "/api/v1/analytics/timeseries?interval=day", key });
    expect(series.json.data.length).toBeGreaterThanOrEqual(30);
    const totalSent = series.json.data.reduce((n: number, p: { sent: number }) => n + p.sent, 0);
    expect(totalSent).toBe(3);
    expect(series.json.data.filter((p: { sent: number }) => p.sent > 0)).toHaveLength(1);
  });

  it("fills hourly buckets with zeros over an explicit range", async () => {
    const { key: k } = await makeAccount();
    const res = await call(timeseriesRoute, {
      path: `/api/v1/analytics/timeseries?interval=hour&from=${at(0, 0).toISOString()}&to=${at(0, 6).toISOString()}`,
      key: k,
    });
    expect(res.json.data.map((p: { date: string }) => p.date)).toEqual([0, 1, 2, 3, 4, 5].map((h) => at(0, h).toISOString()));
    expect(res.json.data.every((p: { sent: number; clicked: number }) => p.sent === 0 && p.clicked === 0)).toBe(true);
  });

  it("caps hourly buckets at 7 days, with a clear message, and defaults hourly to the last 7 days", async () => {
    const { key: k } = await makeAccount();
    const week = await call(timeseriesRoute, { path: "/api/v1/analytics/timeseries?interval=hour&from=2026-03-01&to=2026-03-08", key: k });
    expect(week.status).toBe(200);
    expect(week.json.data).toHaveLength(7 * 24);
    const longer = await call(timeseriesRoute, {
      path: "/api/v1/analytics/timeseries?interval=hour&from=2026-03-01&to=2026-03-08T01:00:00Z",
      key: k,
    });
    expect(longer.status).toBe(400);
    expect(longer.json.error.message).toBe("interval=hour covers at most 7 days; use interval=day or a shorter range");
    expect(longer.json.error.details[0].path).toBe("interval");
    const defaulted = await call(timeseriesRoute, { path: "/api/v1/analytics/timeseries?interval=hour", key: k });
    expect(defaulted.status).toBe(200);
    expect(defaulted.json.data.length).toBeGreaterThanOrEqual(7 * 24);
    expect(defaulted.json.data.length).toBeLessThanOrEqual(7 * 24 + 1);
  });

  it("rejects bad ranges", async () => {
    const bad = [
      "/api/v1/analytics/overview?from=2026-03-10&to=2026-03-01",
      "/api/v1/analytics/overview?from=yesterday",
      "/api/v1/analytics/timeseries?interval=week",
      "/api/v1/analytics/timeseries?interval=hour&from=2025-01-01&to=2026-01-01",
      "/api/v1/analytics/timeseries?interval=hour&from=2026-03-01&to=2026-03-09",
      "/api/v1/analytics/top-links?limit=0",
    ];
    for (const path of bad) {
      const handler = path.includes("timeseries") ? timeseriesRoute : path.includes("top-links") ? topLinksRoute : overviewRoute;
      const res = await call(handler, { path, key });
      expect(res.status, path).toBe(400);
      expect(res.json.error.code).toBe("validation_error");
    }
  });

  it("keeps counters equal to a full count of the events after concurrent writes", async () => {
    const { accountId: acc } = await makeAccount();
    const emails = await Promise.all(Array.from({ length: 5 }, () => emailRow(acc, null, "c.example")));
    const types: EmailEventType[] = ["email.sent", "email.delivered", "email.opened", "email.clicked", "email.bounced", "email.complaint"];
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        event(emails[i % 5], "c.example", types[i % types.length], new Date(), { unique: i % 2 === 0, link: "https://x.example/c" }),
      ),
    );
    const counters = await getDb().analyticsCounter.aggregate({
      where: { accountId: acc },
      _sum: {
        sent: true,
        delivered: true,
        opened: true,
        clicked: true,
        bounced: true,
        complained: true,
        uniqueOpened: true,
        uniqueClicked: true,
      },
    });
    const counted = await getDb().emailEvent.groupBy({ by: ["type"], where: { accountId: acc }, _count: { _all: true } });
    const count = (t: string) => counted.find((c) => c.type === t)?._count._all ?? 0;
    expect(counters._sum).toMatchObject({
      sent: count("email.sent"),
      delivered: count("email.delivered"),
      opened: count("email.opened"),
      clicked: count("email.clicked"),
      bounced: count("email.bounced"),
      complained: count("email.complaint"),
    });
    const uniqueOpens = await getDb().emailEvent.count({
      where: { accountId: acc, type: "email.opened", data: { path: ["unique"], equals: true } },
    });
    expect(counters._sum.uniqueOpened).toBe(uniqueOpens);
  });
});
