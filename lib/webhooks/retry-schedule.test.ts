import { describe, expect, it } from "vitest";
import { WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from "./retry-schedule";

describe("webhook retry schedule", () => {
  it("retries 1 min, 5 min, 30 min, 2 h, 8 h after each failure, then stops", () => {
    expect([1, 2, 3, 4, 5].map(webhookRetryDelayMs)).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 28_800_000]);
    expect(webhookRetryDelayMs(6)).toBeNull();
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(6);
  });
});
