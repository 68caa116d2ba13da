import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { JobDefinition } from "./define-job";
import { registeredJobs, runnableJob, runnableJobs } from "./handlers";
import { jobDefinitions } from "./registry";

const lib = path.resolve(import.meta.dirname, "..");

function jobFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === "generated") return [];
    if (statSync(file).isDirectory()) return jobFiles(file);
    return name.endsWith("-job.ts") ? [file] : [];
  });
}

const isDefinition = (value: unknown): value is JobDefinition =>
  typeof value === "object" && value !== null && "id" in value && "payload" in value && "maxAttempts" in value;

describe("the handlers table", () => {
  it("binds every registered definition, in the registry's order", () => {
    expect(registeredJobs.map((job) => job.id)).toEqual(jobDefinitions.map((d) => d.id));
    for (const job of registeredJobs) {
      expect(typeof job.run, job.id).toBe("function");
      expect(typeof job.runBatch, job.id).toBe(job.batch ? "function" : "undefined");
    }
  });

  it("registers every definition a *-job.ts file exports", async () => {
    const registered = new Set<unknown>(jobDefinitions);
    const exported: string[] = [];
    for (const file of jobFiles(lib)) {
      const exports = (await import(file)) as Record<string, unknown>;
      for (const value of Object.values(exports)) {
        if (!isDefinition(value)) continue;
        exported.push(value.id);
        expect(registered.has(value), `${path.relative(lib, file)} exports ${value.id}, missing from lib/jobs/registry.ts`).toBe(true);
      }
    }
    expect(exported.sort()).toEqual(jobDefinitions.map((d) => d.id).sort());
  });

  it("finds a definition's bound job", () => {
    const [purge] = jobDefinitions;
    expect(runnableJob(purge)).toBe(registeredJobs[0]);
    expect(runnableJobs(...jobDefinitions)).toEqual(registeredJobs);
    expect(() => runnableJob({ ...purge, id: "test.unknown" })).toThrow(/not registered/);
  });
});
