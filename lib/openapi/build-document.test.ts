import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./build-document";
import { operations } from "./all-operations";
import { TAGS } from "./tags";

// The generated document passes Redocly's recommended OpenAPI rules (lint in `npm test`). The
// linter runs in-process on the built document: no config file, no network.

describe("OpenAPI document", () => {
  it("passes the Redocly linter's recommended ruleset with no error or warning", async () => {
    const source = JSON.stringify(buildOpenApiDocument());
    // info-license: the API's terms are not a software license. no-ambiguous-paths: the one pair
    // it finds, /contacts/{id}/events and /contacts/import/{id}, resolves by the usual rule that
    // a literal segment wins over a parameter (the router does so; no contact id is "import").
    // Every other rule as recommended.
    const config = await createConfig({ extends: ["recommended"], rules: { "info-license": "off", "no-ambiguous-paths": "off" } });
    const problems = await lintFromString({ source, absoluteRef: "/openapi.json", config });
    const report = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(", ")}`);
    expect(report).toEqual([]);
  }, 60_000);

  it("names every operation once and documents each path parameter", () => {
    const doc = buildOpenApiDocument();
    const ids = operations.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    const endpoints = operations.map((o) => `${o.method} ${o.path}`);
    expect(
      endpoints.filter((e, i) => endpoints.indexOf(e) !== i),
      "declared twice",
    ).toEqual([]);
    const tags: string[] = TAGS.map((t) => t.name);
    for (const operation of operations) {
      // An area's operations.ts exports operations only: the registry lists each file whole.
      expect(operation.path, operation.id).toMatch(/^\/[\w{}./-]*$/);
      expect(tags, operation.id).toContain(operation.tag);
    }
    for (const operation of operations) {
      const documented = (doc.paths[operation.path] as Record<string, { parameters?: { name: string; in: string }[] }>)[
        operation.method.toLowerCase()
      ];
      const pathParams = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect((documented.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name)).toEqual(pathParams);
    }
  });

  it("shows request examples the route's own validator accepts", () => {
    const withExamples = operations.filter((o) => o.example !== undefined);
    expect(withExamples.length).toBeGreaterThan(5);
    for (const operation of withExamples) {
      const result = (operation.bodyShown ?? operation.body)!.safeParse(operation.example);
      expect(result.error?.issues ?? [], operation.id).toEqual([]);
    }
  });
});
