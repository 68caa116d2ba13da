import { describe, expect, it } from "vitest";
import { broadcastDisplayStatus } from "./broadcast-status";

describe("broadcastDisplayStatus", () => {
  it("names a broadcast waiting out its A/B test testing, and every other state by its status", () => {
    const waiting = { endsAt: "2026-11-29T20:00:00.000Z", winner: null };
    expect(broadcastDisplayStatus({ status: "sending", abTestResult: waiting })).toBe("testing");
    // The test group is still being sent (no end yet), or the winner goes to the rest: sending.
    expect(broadcastDisplayStatus({ status: "sending", abTestResult: { endsAt: null, winner: null } })).toBe("sending");
    expect(broadcastDisplayStatus({ status: "sending", abTestResult: { ...waiting, winner: "B" } })).toBe("sending");
    expect(broadcastDisplayStatus({ status: "sending", abTestResult: null })).toBe("sending");
    expect(broadcastDisplayStatus({ status: "cancelled", abTestResult: waiting })).toBe("cancelled");
    expect(broadcastDisplayStatus({ status: "sent", abTestResult: { ...waiting, winner: "A" } })).toBe("sent");
  });
});
