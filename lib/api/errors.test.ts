import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, errorBody, toApiError, validationError } from "./errors";

describe("errors", () => {
  it("maps each code to its status through one table", () => {
    expect(new ApiError("validation_error", "x").status).toBe(400);
    expect(new ApiError("insufficient_credits", "x").status).toBe(403);
    expect(new ApiError("conflict", "x").status).toBe(409);
    expect(new ApiError("rate_limited", "x").status).toBe(429);
  });

  it("turns zod issues into details with dotted paths and a readable message", () => {
    const schema = z.object({ to: z.array(z.string().email()).min(1) });
    const result = schema.safeParse({ to: ["nope"] });
    const error = validationError(result.error!);
    expect(error.details).toEqual([{ path: "to.0", message: expect.any(String) }]);
    expect(error.message).toMatch(/^to\.0: /);
  });

  it("hides unknown errors behind an opaque 500", () => {
    const error = toApiError(new Error("connection refused at 10.0.0.1 password=hunter2"));
    expect(error.status).toBe(500);
    expect(JSON.stringify(errorBody(error))).not.toContain("hunter2");
  });

  it("maps Prisma's not-found and unique violations", () => {
    expect(toApiError({ code: "P2025" }).status).toBe(404);
    expect(toApiError({ code: "P2002" }).status).toBe(409);
  });
});
