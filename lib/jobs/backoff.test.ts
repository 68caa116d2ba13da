import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff";

describe("backoffDelayMs", () => {
  it("doubles from 30 s by default and caps at 6 h", () => {
    expect(backoffDelayMs(1)).toBe(30_000);
    expect(backoffDelayMs(2)).toBe(60_000);
    expect(backoffDelayMs(3)).toBe(120_000);
    expect(backoffDelayMs(30)).toBe(6 * 60 * 60 * 1000);
  });

  it("takes a base, a factor and a cap", () => {
    const backoff = { baseSeconds: 1, factor: 3, maxSeconds: 20 };
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, backoff))).toEqual([1000, 3000, 9000, 20_000]);
  });

  it("takes a function of the attempt number", () => {
    const schedule = [5, 300, 1800];
    expect(backoffDelayMs(2, (n) => schedule[n - 1])).toBe(300_000);
  });

  it("never returns a negative or non-finite delay", () => {
    expect(backoffDelayMs(1, () => -5)).toBe(0);
    expect(backoffDelayMs(1, () => Number.NaN)).toBe(0);
    expect(backoffDelayMs(0, { baseSeconds: 2 })).toBe(2000);
  });
});
