import { describe, expect, it } from "vitest";
import { nextCheckAt } from "./next-check-at";

const createdAt = new Date("2026-01-01T00:00:00Z");
const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);
const gap = (verified: boolean, ageMinutes: number) =>
  (nextCheckAt({ verified, createdAt, now: at(ageMinutes) }).getTime() - at(ageMinutes).getTime()) / 60_000;

describe("nextCheckAt", () => {
  it("re-checks an unverified domain every 5 minutes in its first hour, then hourly", () => {
    expect(gap(false, 0)).toBe(5);
    expect(gap(false, 59)).toBe(5);
    expect(gap(false, 60)).toBe(60);
    expect(gap(false, 60 * 24 * 10)).toBe(60);
  });

  it("re-checks a verified domain daily", () => {
    expect(gap(true, 3)).toBe(24 * 60);
    expect(gap(true, 60 * 24 * 30)).toBe(24 * 60);
  });
});
