import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { IdempotencyKeyReusedError } from "@/lib/api/idempotency";
import { smtpErrorFrom } from "./smtp-errors";

const reply = (error: unknown) => {
  const smtp = smtpErrorFrom(error) as Error & { responseCode: number };
  return { code: smtp.responseCode, text: smtp.message };
};

describe("smtpErrorFrom", () => {
  it("refuses for good an Idempotency-Key reused for another message (554)", () => {
    expect(reply(new IdempotencyKeyReusedError())).toEqual({
      code: 554,
      text: "5.7.0 this Idempotency-Key was already used with a different request body",
    });
  });

  it("decides by the error's type, not its words: another conflict is temporary (451) whatever it says", () => {
    expect(reply(new ApiError("conflict", "a request with this Idempotency-Key is still in progress; retry shortly")).code).toBe(451);
    expect(reply(new ApiError("conflict", "a different request is still running")).code).toBe(451);
  });

  it("answers each pipeline refusal with its own code", () => {
    expect(reply(new ApiError("domain_not_verified", "verify acme.example first")).code).toBe(550);
    expect(reply(new ApiError("sandbox_recipient", "sandbox")).code).toBe(550);
    expect(reply(new ApiError("validation_error", "bad")).code).toBe(550);
    expect(reply(new ApiError("insufficient_credits", "no credits left"))).toEqual({
      code: 452,
      text: "4.3.1 no credits left; add credits and retry",
    });
    expect(reply(new ApiError("rate_limited", "slow down")).code).toBe(451);
  });
});
