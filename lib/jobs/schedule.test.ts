import { describe, expect, it } from "vitest";
import { everySecondsToCron, scheduleDedupeKey } from "./schedule";

describe("everySecondsToCron", () => {
  it("maps intervals to the nearest cron with minute granularity", () => {
    expect(everySecondsToCron(1)).toBe("* * * * *");
    expect(everySecondsToCron(60)).toBe("* * * * *");
    expect(everySecondsToCron(15 * 60)).toBe("*/15 * * * *");
    expect(everySecondsToCron(3600)).toBe("0 * * * *");
    expect(everySecondsToCron(6 * 3600)).toBe("0 */6 * * *");
    expect(everySecondsToCron(86_400)).toBe("0 0 * * *");
    expect(everySecondsToCron(3 * 86_400)).toBe("0 0 */3 * *");
  });

  it("keys a schedule's row by its job id", () => {
    expect(scheduleDedupeKey("maintenance.purge")).toBe("schedule:maintenance.purge");
  });
});
