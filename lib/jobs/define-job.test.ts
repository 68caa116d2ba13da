import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DEFAULT_MAX_ATTEMPTS, defineJob, indexJobDefinitions } from "./define-job";
import { getJobDefinition, jobDefinitions } from "./registry";

const handler = async () => {};

describe("defineJob", () => {
  it("fills in the default attempts and keeps the rest", () => {
    const job = defineJob({ id: "email.scheduled.send", payload: z.object({ emailId: z.string() }), handler });
    expect(job.maxAttempts).toBe(DEFAULT_MAX_ATTEMPTS);
    expect(job.id).toBe("email.scheduled.send");
    expect(job.payload.safeParse({ emailId: "em_1" }).success).toBe(true);
  });

  it("wants dotted lower-case ids", () => {
    for (const id of ["purge", "Maintenance.Purge", "maintenance..purge", "maintenance.purge.", "1x.y", "a_b.c"]) {
      expect(() => defineJob({ id, payload: z.object({}), handler }), id).toThrow(/dotted/);
    }
    expect(() => defineJob({ id: "webhook-delivery.attempt", payload: z.object({}), handler })).not.toThrow();
  });

  it("bounds maxAttempts", () => {
    for (const maxAttempts of [0, 51, 1.5]) {
      expect(() => defineJob({ id: "a.b", payload: z.object({}), handler, maxAttempts })).toThrow(/maxAttempts/);
    }
  });

  it("wants a positive whole-second schedule and a payload that accepts {}", () => {
    expect(() => defineJob({ id: "a.b", payload: z.object({}), handler, schedule: { everySeconds: 0 } })).toThrow(/everySeconds/);
    expect(() => defineJob({ id: "a.b", payload: z.object({ id: z.string() }), handler, schedule: { everySeconds: 60 } })).toThrow(
      /accept \{\}/,
    );
  });

  it("refuses two definitions with one id", () => {
    const a = defineJob({ id: "a.b", payload: z.object({}), handler });
    expect(() => indexJobDefinitions([a, { ...a }])).toThrow(/defined twice/);
  });
});

describe("registry", () => {
  it("lists unique, valid definitions including the hourly purge", () => {
    expect(() => indexJobDefinitions(jobDefinitions)).not.toThrow();
    expect(getJobDefinition("maintenance.purge").schedule).toEqual({ everySeconds: 3600 });
    expect(() => getJobDefinition("no.such-job")).toThrow(/unknown job/);
  });
});
