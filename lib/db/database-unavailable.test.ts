import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable";

// Shapes recorded from real failures (the chaos tier's pg_terminate_backend and a closed port).
describe("isDatabaseUnavailable", () => {
  it("recognises a terminated connection and an unreachable server behind Prisma's raw-query error", () => {
    const terminated = {
      name: "PrismaClientKnownRequestError",
      code: "P2010",
      meta: {
        driverAdapterError: {
          name: "DriverAdapterError",
          cause: { originalCode: "57P01", kind: "postgres", code: "57P01", severity: "FATAL" },
        },
      },
    };
    const unreachable = {
      code: "P2010",
      meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5999 } } },
    };
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable(unreachable)).toBe(true);
  });

  it("recognises Prisma's connection codes, node-postgres' plain errors and socket errors", () => {
    expect(isDatabaseUnavailable({ code: "P1017", message: "Server has closed the connection." })).toBe(true);
    expect(isDatabaseUnavailable({ code: "P2024" })).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { cause: { code: "ECONNREFUSED" } }))).toBe(true);
  });

  it("leaves query errors alone", () => {
    expect(isDatabaseUnavailable({ code: "P2002" })).toBe(false);
    expect(
      isDatabaseUnavailable({ code: "P2010", meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "22P02" } } } }),
    ).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
