import { describe, expect, it } from "vitest";
import { capOpening } from "./frequency-cap-wait";
import { frequencyCapSchema } from "./frequency-cap-schema";

const HOUR = 3_600_000;
const at = new Date("2026-12-01T12:00:00Z");
const ago = (hours: number) => new Date(at.getTime() - hours * HOUR);

describe("capOpening", () => {
  it("lets an email go while fewer than the cap are inside the window", () => {
    expect(capOpening([], 2, 24 * HOUR, at)).toBeNull();
    expect(capOpening([ago(1)], 2, 24 * HOUR, at)).toBeNull();
    // One of the two left the window already.
    expect(capOpening([ago(1), ago(30)], 2, 24 * HOUR, at)).toBeNull();
  });

  it("opens when the cap-th most recent email leaves the window", () => {
    expect(capOpening([ago(1), ago(5)], 2, 24 * HOUR, at)).toEqual(new Date(ago(5).getTime() + 24 * HOUR));
    expect(capOpening([ago(1), ago(5), ago(20)], 2, 24 * HOUR, at)).toEqual(new Date(ago(5).getTime() + 24 * HOUR));
    expect(capOpening([ago(2), ago(50), ago(100)], 3, 7 * 24 * HOUR, at)).toEqual(new Date(ago(100).getTime() + 7 * 24 * HOUR));
  });
});

describe("frequencyCapSchema", () => {
  it("takes perDay, perWeek or both, and names what is wrong", () => {
    expect(frequencyCapSchema.parse({ perDay: 2 })).toEqual({ perDay: 2 });
    expect(frequencyCapSchema.safeParse({}).success).toBe(false);
    expect(frequencyCapSchema.safeParse({ perDay: 0 }).error!.issues[0].path).toEqual(["perDay"]);
    expect(frequencyCapSchema.safeParse({ perHour: 1 }).success).toBe(false);
  });
});
