import { describe, expect, it } from "vitest";
import { paginated, paginationQuerySchema } from "./pagination";

describe("pagination", () => {
  it("defaults to limit 20 offset 0", () => {
    expect(paginationQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
  });

  it.each(["0", "101", "-1", "1.5", "abc", ""])("rejects limit=%s", (limit) => {
    expect(paginationQuerySchema.safeParse({ limit }).success).toBe(false);
  });

  it("reports hasMore from offset, page size and total", () => {
    expect(paginated([1, 2], 5, { limit: 2, offset: 0 }).pagination.hasMore).toBe(true);
    expect(paginated([5], 5, { limit: 2, offset: 4 }).pagination).toEqual({ limit: 2, offset: 4, total: 5, hasMore: false });
  });
});
