import { describe, expect, it } from "vitest";
import { consumeGrouped, consumeTogether, type Counter, type GroupedLimit } from "./consume-grouped";

/** A counter in memory that never resets (one window), recording each consume's points. */
function fakeCounter(points: number, msBeforeNext = 500): Counter & { calls: number[] } {
  const totals = new Map<string, number>();
  const calls: number[] = [];
  return {
    points,
    calls,
    async consume(key, n) {
      calls.push(n);
      await Promise.resolve();
      const consumedPoints = (totals.get(key) ?? 0) + n;
      totals.set(key, consumedPoints);
      return { consumedPoints, msBeforeNext };
    },
  };
}

const limit = (steady: number, burst: number) =>
  ({ steady: fakeCounter(steady, 400), burst: fakeCounter(burst, 9000) }) as GroupedLimit & {
    steady: ReturnType<typeof fakeCounter>;
    burst: ReturnType<typeof fakeCounter>;
  };

let n = 0;
const uniqueKey = () => `k${++n}`;

describe("consumeTogether", () => {
  it("allows the requests within the steady limit, each with what is left after it", async () => {
    const l = limit(5, 10);
    const outcomes = await consumeTogether(l, "a", 3);
    expect(outcomes).toEqual([
      { allowed: true, remaining: 4, msBeforeNext: 400 },
      { allowed: true, remaining: 3, msBeforeNext: 400 },
      { allowed: true, remaining: 2, msBeforeNext: 400 },
    ]);
    expect(l.burst.calls).toEqual([]);
  });

  it("sends the requests past the steady limit to the burst allowance, allowed while it lasts", async () => {
    const l = limit(2, 2);
    const outcomes = await consumeTogether(l, "a", 5);
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, true, false]);
    expect(outcomes.slice(2).every((o) => o.remaining === 0 && o.msBeforeNext === 400)).toBe(true);
    expect(l.steady.calls).toEqual([5]);
    expect(l.burst.calls).toEqual([3]);
  });

  it("answers as n consumes of one point one after another would", async () => {
    const together = limit(3, 2);
    const oneByOne = limit(3, 2);
    const grouped = [...(await consumeTogether(together, "a", 2)), ...(await consumeTogether(together, "a", 5))];
    const single = [];
    for (let i = 0; i < 7; i++) single.push(...(await consumeTogether(oneByOne, "a", 1)));
    expect(grouped).toEqual(single);
  });
});

describe("consumeGrouped", () => {
  it("counts the requests that arrive while a count is in flight in one consume, in arrival order", async () => {
    const l = limit(3, 0);
    const key = uniqueKey();
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => consumeGrouped(l, key, key)));
    // The first finds the line idle and is counted alone; the four behind it together.
    expect(l.steady.calls).toEqual([1, 4]);
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, false, false]);
    expect(outcomes.map((o) => o.remaining)).toEqual([2, 1, 0, 0, 0]);
  });

  it("keeps separate lines apart", async () => {
    const l = limit(1, 0);
    const [a, b] = [uniqueKey(), uniqueKey()];
    const outcomes = await Promise.all([consumeGrouped(l, a, a), consumeGrouped(l, b, b)]);
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true]);
  });

  it("with gather, waits for the expected requests and counts them in one consume", async () => {
    const l = limit(10, 0);
    const key = uniqueKey();
    const gather = { expected: 3, maxMs: 1000 };
    const started = Date.now();
    const outcomes = await Promise.all([1, 2, 3].map(() => consumeGrouped(l, key, key, gather)));
    expect(l.steady.calls).toEqual([3]);
    expect(outcomes.every((o) => o.allowed)).toBe(true);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("with gather, counts what is in line after maxMs when fewer arrive", async () => {
    const l = limit(10, 0);
    const key = uniqueKey();
    const started = Date.now();
    await consumeGrouped(l, key, key, { expected: 5, maxMs: 30 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(l.steady.calls).toEqual([1]);
  });

  it("rejects every request of a group whose count fails, and the line goes on", async () => {
    const l = limit(10, 0);
    const key = uniqueKey();
    let fail = true;
    const consume = l.steady.consume.bind(l.steady);
    l.steady.consume = async (k, points) => {
      if (fail) {
        fail = false;
        throw new Error("store down");
      }
      return consume(k, points);
    };
    await expect(consumeGrouped(l, key, key)).rejects.toThrow("store down");
    await expect(consumeGrouped(l, key, key)).resolves.toMatchObject({ allowed: true });
  });
});
