import { describe, expect, it } from "vitest";
import { newId, randomBase62 } from "./ids";

describe("ids", () => {
  it("prefixes the kind and is unique", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId("em")));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^em_[0-9A-Za-z]{24}$/);
  });

  it("sorts by creation time across milliseconds", async () => {
    const a = newId("evt");
    await new Promise((r) => setTimeout(r, 5));
    const b = newId("evt");
    expect(a.slice(0, 12) < b.slice(0, 12)).toBe(true);
  });

  it("draws only base62 characters", () => {
    expect(randomBase62(500)).toMatch(/^[0-9A-Za-z]{500}$/);
  });
});

describe("ids made together", () => {
  it("sort in the order they were made, even within one millisecond", () => {
    const ids = Array.from({ length: 500 }, () => newId("rcp"));
    expect([...ids].sort()).toEqual(ids);
  });
});
