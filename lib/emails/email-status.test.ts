import { describe, expect, it } from "vitest";
import { emailStatusFrom, nextRetryDelayMs } from "./email-status";

describe("email status", () => {
  it("stays sending while any recipient is pending", () => {
    expect(emailStatusFrom(["delivered", "deferred"])).toBe("sending");
  });
  it("prefers complained, then delivered, then bounced", () => {
    expect(emailStatusFrom(["delivered", "complained"])).toBe("complained");
    expect(emailStatusFrom(["bounced", "delivered", "suppressed"])).toBe("delivered");
    expect(emailStatusFrom(["bounced", "suppressed"])).toBe("bounced");
    expect(emailStatusFrom(["suppressed", "suppressed"])).toBe("suppressed");
  });
  it("is sent when a smarthost took it and no receiver has answered", () => {
    expect(emailStatusFrom(["sent", "sent"])).toBe("sent");
    expect(emailStatusFrom(["sent", "bounced"])).toBe("sent");
    expect(emailStatusFrom(["sent", "delivered"])).toBe("delivered");
    expect(emailStatusFrom(["sent", "sending"])).toBe("sending");
  });
  it("backs off retries and caps the gap", () => {
    expect(nextRetryDelayMs(1)).toBe(60_000);
    expect(nextRetryDelayMs(2)).toBe(300_000);
    expect(nextRetryDelayMs(50)).toBe(480 * 60_000);
  });
});
