import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { POST as createBroadcastRoute } from "@/app/api/v1/broadcasts/route";
import { POST as sendRoute } from "@/app/api/v1/broadcasts/[id]/send/route";
import { POST as createListRoute } from "@/app/api/v1/lists/route";
import { POST as addMemberRoute } from "@/app/api/v1/lists/[id]/contacts/route";
import { getDb } from "@/lib/db/client";
import { randomBase62 } from "@/lib/db/ids";
import { runBroadcast } from "@/lib/broadcasts/run-broadcast";
import { call } from "../helpers/api";
import { engineAccount } from "../helpers/automation-engine";

// A broadcast sent at a wall-clock time in each member's zone: the fan-out starts when the
// first zone reaches it, each member's email is scheduled for the time in the contact's
// `timezone` property (else the account's), and goes at once where the time has passed.
// Zones without daylight-saving time keep the expected instants independent of the date.

const address = (name: string) => `${name}-${randomBase62(6).toLowerCase()}@example.com`;

async function setup() {
  const account = await engineAccount();
  await getDb().account.update({ where: { id: account.accountId }, data: { timezone: "America/Phoenix" } });
  const { key } = account;
  const list = await call(createListRoute, { method: "POST", path: "/", key, body: { name: `News ${randomBase62(4)}` } });
  const listId = list.json.id as string;
  const member = async (name: string, timezone?: string) => {
    const email = address(name);
    const body = { email, ...(timezone ? { properties: { timezone } } : {}) };
    expect((await call(addMemberRoute, { method: "POST", path: "/", key, body, params: { id: listId } })).status).toBeLessThan(300);
    return email;
  };
  const draft = async () => {
    const res = await call(createBroadcastRoute, {
      method: "POST",
      path: "/",
      key,
      body: { name: "Morning news", from: account.from, subject: "Good morning", html: "<p>Hi</p>", listId },
    });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  const send = (id: string, body: unknown) => call(sendRoute, { method: "POST", path: "/", key, params: { id }, body });
  /** Each recipient's scheduled time (null: sent at once). */
  const schedule = async (broadcastId: string) =>
    new Map(
      (await getDb().email.findMany({ where: { broadcastId } })).map((e) => [e.to[0], e.scheduledAt?.toISOString() ?? null] as const),
    );
  return { member, draft, send, schedule };
}

describe("broadcasts at a local time", () => {
  it("starts when the first zone reaches the time and schedules each member's email for it in their zone", async () => {
    const s = await setup();
    const tokyo = await s.member("tokyo", "Asia/Tokyo");
    const kolkata = await s.member("kolkata", "Asia/Kolkata");
    const phoenix = await s.member("account-zone"); // no property: the account's zone
    const bogus = await s.member("bogus", "Mars/Olympus"); // not a zone: the account's too
    const date = DateTime.utc().plus({ days: 2 }).toISODate()!;
    const id = await s.draft();

    const res = await s.send(id, { localTime: { date, time: "09:00" } });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    // 09:00 arrives first at UTC+14: 19:00 UTC the day before.
    const first = DateTime.fromISO(`${date}T09:00`, { zone: "UTC+14" }).toUTC().toISO({ suppressMilliseconds: false });
    expect(res.json).toMatchObject({ status: "scheduled", scheduledAt: first, localTime: { date, time: "09:00" } });

    // The first zone's time comes (moved here rather than moving the shared clock).
    await getDb().broadcast.update({ where: { id }, data: { scheduledAt: new Date(Date.now() - 1000) } });
    expect(await runBroadcast(id)).toMatchObject({ status: "sent", emails: 4 });
    const at = (utc: string) => new Date(`${date}T${utc}Z`).toISOString();
    expect(await s.schedule(id)).toEqual(
      new Map([
        [tokyo, at("00:00:00")], // UTC+9
        [kolkata, at("03:30:00")], // UTC+5:30
        [phoenix, at("16:00:00")], // UTC-7
        [bogus, at("16:00:00")],
      ]),
    );
  });

  it("sends at once where the time has passed and schedules the rest", async () => {
    const s = await setup();
    const ahead = await s.member("kiritimati", "Pacific/Kiritimati"); // UTC+14
    const behind = await s.member("baker", "Etc/GMT+12"); // UTC-12
    // An hour ago in the first zone: passed there, 25 hours ahead in the last.
    const local = DateTime.now().setZone("Pacific/Kiritimati").minus({ hours: 1 }).startOf("minute");
    const localTime = { date: local.toISODate()!, time: local.toFormat("HH:mm") };
    const id = await s.draft();
    const res = await s.send(id, { localTime });
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    expect(res.json.status).toBe("sending");
    await runBroadcast(id);
    const schedule = await s.schedule(id);
    expect(schedule.get(ahead)).toBeNull();
    const expected = DateTime.fromISO(`${localTime.date}T${localTime.time}`, { zone: "Etc/GMT+12" }).toJSDate().toISOString();
    expect(schedule.get(behind)).toBe(expected);
  });

  it("refuses a local time passed everywhere, too far ahead, malformed, or beside scheduledAt", async () => {
    const s = await setup();
    await s.member("ann");
    const id = await s.draft();
    const refused = async (body: unknown, path: string) => {
      const res = await s.send(id, body);
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain(path);
    };
    await refused({ localTime: { date: "2020-01-01", time: "09:00" } }, "localTime");
    await refused({ localTime: { date: DateTime.utc().plus({ days: 40 }).toISODate(), time: "09:00" } }, "localTime");
    await refused({ localTime: { date: "2026-02-30", time: "09:00" } }, "localTime.date");
    await refused({ localTime: { date: "2026-12-01", time: "25:00" } }, "localTime.time");
    await refused(
      { localTime: { date: "2026-12-01", time: "09:00" }, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() },
      "localTime",
    );
    expect((await getDb().broadcast.findUniqueOrThrow({ where: { id } })).status).toBe("draft");
  });
});
