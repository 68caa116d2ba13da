import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { now, setClock, targetOffsetMs, testClockEnabled } from "./clock";
import { setClockBodySchema } from "./schemas";

const saved = { flag: process.env.ENABLE_TEST_CLOCK, appEnv: process.env.APP_ENV, databaseUrl: process.env.DATABASE_URL };

const put = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));

// The second argument is APP_ENV: "production" marks a real deploy.
function setEnv(flag: string | undefined, appEnv: string | undefined, databaseUrl = saved.databaseUrl) {
  put("ENABLE_TEST_CLOCK", flag);
  put("APP_ENV", appEnv);
  put("DATABASE_URL", databaseUrl);
  resetEnvCache();
}

afterEach(() => setEnv(saved.flag, saved.appEnv));

describe("targetOffsetMs", () => {
  it("adds minutes to the current offset", () => {
    expect(targetOffsetMs({ advanceMinutes: 90 }, 1000)).toBe(1000 + 90 * 60_000);
    expect(targetOffsetMs({ advanceMinutes: 0.5 }, 0)).toBe(30_000);
  });

  it("turns an absolute time into an offset from real time", () => {
    const real = Date.parse("2030-01-01T00:00:00Z");
    expect(targetOffsetMs({ now: "2030-01-02T00:00:00Z" }, 123, real)).toBe(86_400_000);
    expect(targetOffsetMs({ now: new Date(real - 60_000) }, 0, real)).toBe(-60_000);
    expect(() => targetOffsetMs({ now: "yesterday" }, 0)).toThrow(/valid time/);
  });
});

describe("test clock gate", () => {
  it("is on only with the flag and outside production", () => {
    setEnv(undefined, "test");
    expect(testClockEnabled()).toBe(false);
    setEnv("1", "test");
    expect(testClockEnabled()).toBe(true);
    setEnv("1", "production");
    expect(testClockEnabled()).toBe(false);
  });

  it("refuses to move without the flag or in production", async () => {
    setEnv(undefined, "test");
    await expect(setClock({ advanceMinutes: 5 })).rejects.toThrow(/ENABLE_TEST_CLOCK/);
    setEnv("1", "production");
    await expect(setClock({ advanceMinutes: 5 })).rejects.toThrow(/production/);
  });

  it("refuses to run against a database on another host unless APP_ENV=test", () => {
    const remote = "postgresql://mw:secret@db.internal.example:5432/mailwright";
    setEnv("1", undefined, remote);
    expect(() => testClockEnabled()).toThrow(/ENABLE_TEST_CLOCK=1 is refused: DATABASE_URL points at db\.internal\.example:5432/);
    expect(() => now()).toThrow(/refused/);
    setEnv("1", "development", remote);
    expect(() => testClockEnabled()).toThrow(/APP_ENV=test/);
    setEnv("1", "test", remote);
    expect(testClockEnabled()).toBe(true);
    // The local databases the launcher, the tests and CI use.
    for (const local of [
      "postgresql://postgres:postgres@127.0.0.1:41234/postgres?sslmode=disable",
      "postgresql://u@localhost/db",
      undefined,
    ]) {
      setEnv("1", undefined, local);
      expect(testClockEnabled(), String(local)).toBe(true);
    }
    // Without the flag the database does not matter.
    setEnv(undefined, undefined, remote);
    expect(testClockEnabled()).toBe(false);
  });

  it("gives real time without a test clock", () => {
    setEnv(undefined, "test");
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(50);
  });
});

describe("setClockBodySchema", () => {
  it("takes minutes to advance or an ISO time, nothing else", () => {
    expect(setClockBodySchema.parse({ advanceMinutes: 4320 })).toEqual({ advanceMinutes: 4320 });
    expect(setClockBodySchema.parse({ now: "2030-01-01T00:00:00Z" })).toEqual({ now: "2030-01-01T00:00:00Z" });
    expect(setClockBodySchema.safeParse({ now: "2030-01-01T02:00:00+02:00" }).success).toBe(true);
    for (const bad of [
      {},
      { advanceMinutes: -1 },
      { advanceMinutes: "5" },
      { now: "soon" },
      { advanceMinutes: 1, now: "2030-01-01T00:00:00Z" },
    ]) {
      expect(setClockBodySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
