import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bindJob, bindJobs, DEFAULT_MAX_ATTEMPTS, defineJob, indexJobDefinitions } from "./define-job";
import { jobDefinitions } from "./registry";

describe("defineJob", () => {
  it("fills in the default attempts and keeps the rest", () => {
    const job = defineJob({ id: "email.scheduled.send", payload: z.object({ emailId: z.string() }) });
    expect(job.maxAttempts).toBe(DEFAULT_MAX_ATTEMPTS);
    expect(job.id).toBe("email.scheduled.send");
    expect(job.payload.safeParse({ emailId: "em_1" }).success).toBe(true);
  });

  it("wants dotted lower-case ids", () => {
    for (const id of ["purge", "Maintenance.Purge", "maintenance..purge", "maintenance.purge.", "1x.y", "a_b.c"]) {
      expect(() => defineJob({ id, payload: z.object({}) }), id).toThrow(/dotted/);
    }
    expect(() => defineJob({ id: "webhook-delivery.attempt", payload: z.object({}) })).not.toThrow();
  });

  it("bounds maxAttempts", () => {
    for (const maxAttempts of [0, 51, 1.5]) {
      expect(() => defineJob({ id: "a.b", payload: z.object({}), maxAttempts })).toThrow(/maxAttempts/);
    }
  });

  it("wants a positive whole-second schedule and a payload that accepts {}", () => {
    expect(() => defineJob({ id: "a.b", payload: z.object({}), schedule: { everySeconds: 0 } })).toThrow(/everySeconds/);
    expect(() => defineJob({ id: "a.b", payload: z.object({ id: z.string() }), schedule: { everySeconds: 60 } })).toThrow(/accept \{\}/);
  });

  it("refuses two definitions with one id", () => {
    const a = defineJob({ id: "a.b", payload: z.object({}) });
    expect(() => indexJobDefinitions([a, { ...a }])).toThrow(/defined twice/);
  });

  it("is a contract only: a handler in a definition is refused", () => {
    const input = { id: "a.b", payload: z.object({}), handler: async () => {} };
    expect(() => defineJob(input)).toThrow(/no handler/);
  });
});

describe("binding handlers", () => {
  const one = defineJob({ id: "test.one", payload: z.object({ x: z.string() }) });
  const many = defineJob({ id: "test.many", payload: z.object({ n: z.number() }), batch: { size: 5 } });
  const both = [one, many] as const;

  it("binds each definition to its handler, typed by its payload", async () => {
    const [boundOne, boundMany] = bindJobs(both, {
      [one.id]: { run: async ({ x }) => x.length },
      [many.id]: { run: async ({ n }) => n, runBatch: async (items) => items.map((item) => (item.payload.n > 1 ? "too big" : undefined)) },
    });
    expect(boundOne).toMatchObject({ id: "test.one", maxAttempts: DEFAULT_MAX_ATTEMPTS });
    expect(boundMany.batch).toEqual({ size: 5 });
    const ctx = { jobId: null, attempt: 1, maxAttempts: 1, driver: "poller" as const, log: undefined as never };
    expect(await boundOne.run({ x: "abc" }, ctx)).toBe(3);
    expect(
      await boundMany.runBatch!([
        { payload: { n: 1 }, ctx },
        { payload: { n: 2 }, ctx },
      ]),
    ).toEqual([undefined, "too big"]);
  });

  // Each case is refused twice: by TypeScript (the @ts-expect-error lines fail `tsc` if the
  // types let it through) and at run time.
  it("wants exactly one handler per definition", () => {
    // @ts-expect-error many has no handler
    expect(() => bindJobs(both, { [one.id]: { run: async () => 1 } })).toThrow(/test.many has no handler/);
    expect(() =>
      bindJobs(both, {
        [one.id]: { run: async () => 1 },
        [many.id]: { run: async () => 1, runBatch: async () => [] },
        // @ts-expect-error no such job
        "test.other": { run: async () => 1 },
      }),
    ).toThrow(/not defined/);
  });

  it("wants runBatch for a batch definition only", () => {
    // @ts-expect-error a batch job without runBatch
    expect(() => bindJob(many, { run: async () => 1 })).toThrow(/needs runBatch/);
    // @ts-expect-error runBatch on a job that does not batch
    expect(() => bindJob(one, { run: async () => 1, runBatch: async () => [] })).toThrow(/needs batch/);
  });

  it("types a handler's payload by the schema", () => {
    // @ts-expect-error the payload has x, not y
    expect(() => bindJob(one, { run: async ({ y }) => y })).not.toThrow();
  });
});

describe("registry", () => {
  it("lists unique, valid definitions including the hourly purge", () => {
    expect(() => indexJobDefinitions(jobDefinitions)).not.toThrow();
    expect(jobDefinitions.find((d) => d.id === "maintenance.purge")?.schedule).toEqual({ everySeconds: 3600 });
  });
});
