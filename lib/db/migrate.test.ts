import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readMigrations } from "./migrate";

describe("migrations", () => {
  it("reads the migration folders in order with Prisma's sha256 checksums", () => {
    const migrations = readMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    const names = migrations.map((m) => m.name);
    expect([...names].sort()).toEqual(names);
    for (const m of migrations) {
      expect(m.checksum).toBe(createHash("sha256").update(m.sql).digest("hex"));
    }
  });
});
