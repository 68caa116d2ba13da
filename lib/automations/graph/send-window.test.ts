import { describe, expect, it } from "vitest";
import { nextSendTime, windowZone } from "./send-window";
import { sendWindowSchema, type SendWindow } from "./send-window-schema";

const weekdays9to17: SendWindow = { days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "17:00", timezone: "Europe/Paris" };
const iso = (d: Date) => d.toISOString();

describe("nextSendTime", () => {
  it("keeps a time inside the window, start included and end excluded", () => {
    // Tuesday 2026-12-01, 10:30 in Paris (UTC+1).
    expect(iso(nextSendTime(new Date("2026-12-01T09:30:00Z"), weekdays9to17, "Europe/Paris"))).toBe("2026-12-01T09:30:00.000Z");
    expect(iso(nextSendTime(new Date("2026-12-01T08:00:00Z"), weekdays9to17, "Europe/Paris"))).toBe("2026-12-01T08:00:00.000Z");
    expect(iso(nextSendTime(new Date("2026-12-01T16:00:00Z"), weekdays9to17, "Europe/Paris"))).toBe("2026-12-02T08:00:00.000Z");
  });

  it("waits for the same day's opening, or the next allowed day's", () => {
    expect(iso(nextSendTime(new Date("2026-12-01T05:00:00Z"), weekdays9to17, "Europe/Paris"))).toBe("2026-12-01T08:00:00.000Z");
    // Friday 18:00 in Paris: Monday 09:00.
    expect(iso(nextSendTime(new Date("2026-12-04T17:00:00Z"), weekdays9to17, "Europe/Paris"))).toBe("2026-12-07T08:00:00.000Z");
    // Saturday: Monday.
    expect(iso(nextSendTime(new Date("2026-12-05T12:00:00Z"), weekdays9to17, "Europe/Paris"))).toBe("2026-12-07T08:00:00.000Z");
  });

  it("opens at the zone's wall-clock time on both sides of a daylight-saving change", () => {
    const daily: SendWindow = { ...weekdays9to17, days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] };
    // New York leaves daylight time on Sunday 2026-11-01: after 18:00 the evening before, 09:00 is
    // 14:00 UTC on that Sunday and 13:00 UTC on the Saturday before it.
    expect(iso(nextSendTime(new Date("2026-10-31T22:00:00Z"), daily, "America/New_York"))).toBe("2026-11-01T14:00:00.000Z");
    expect(iso(nextSendTime(new Date("2026-10-30T22:00:00Z"), daily, "America/New_York"))).toBe("2026-10-31T13:00:00.000Z");
    // Paris enters summer time on Sunday 2027-03-28: 09:00 is 08:00 UTC before, 07:00 after.
    expect(iso(nextSendTime(new Date("2027-03-27T18:00:00Z"), daily, "Europe/Paris"))).toBe("2027-03-28T07:00:00.000Z");
  });

  it("opens after the gap when the start does not exist that day", () => {
    const night: SendWindow = { days: ["sun"], start: "02:30", end: "04:00", timezone: "Europe/Paris" };
    // 02:30 does not exist in Paris on 2027-03-28 (02:00 -> 03:00): the opening is 03:30 local.
    expect(iso(nextSendTime(new Date("2027-03-27T12:00:00Z"), night, "Europe/Paris"))).toBe("2027-03-28T01:30:00.000Z");
  });
});

describe("windowZone and the schema", () => {
  it("reads the window in its own zone, else the contact's, else the account's, else UTC", () => {
    expect(windowZone(weekdays9to17, { timezone: "Asia/Tokyo" }, "America/Chicago")).toBe("Europe/Paris");
    const contact = { ...weekdays9to17, timezone: "contact" };
    expect(windowZone(contact, { timezone: "Asia/Tokyo" }, "America/Chicago")).toBe("Asia/Tokyo");
    expect(windowZone(contact, { timezone: "Mars/Olympus" }, "America/Chicago")).toBe("America/Chicago");
    expect(windowZone(contact, {}, null)).toBe("UTC");
  });

  it("names what is wrong with a window", () => {
    const bad = sendWindowSchema.safeParse({ days: ["mon", "someday"], start: "9am", end: "08:00", timezone: "Nowhere/Land" });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["days.1", "start", "timezone"]));
    expect(sendWindowSchema.safeParse({ days: ["mon"], start: "17:00", end: "09:00" }).error!.issues[0]).toMatchObject({ path: ["end"] });
    expect(sendWindowSchema.parse({ days: ["fri", "mon"], start: "09:00", end: "17:00" })).toEqual({
      days: ["mon", "fri"],
      start: "09:00",
      end: "17:00",
      timezone: "contact",
    });
  });
});
