import { describe, expect, it } from "vitest";
import { pathToRegexp } from "next/dist/compiled/path-to-regexp";
import nextConfig from "@/next.config";
import { RESEND_REWRITE_SOURCE, resendForwardedPath } from "./resend-base-path";

const PATHS: [string, string][] = [
  ["/api/v1/resend/automations", "/api/v1/resend/automations"],
  ["/api/v1/resend/automations/aut_1/runs", "/api/v1/resend/automations/aut_1/runs"],
  ["/api/v1/resend/events", "/api/v1/resend/events"],
  ["/api/v1/resend/events/edf_1", "/api/v1/resend/events/edf_1"],
  ["/api/v1/resend/events/plan_upgraded", "/api/v1/resend/events/plan_upgraded"],
  ["/api/v1/resend/events/send", "/api/v1/events/send"],
  ["/api/v1/resend/events/names/x", "/api/v1/events/names/x"],
  ["/api/v1/resend/eventsx", "/api/v1/eventsx"],
  ["/api/v1/resend/emails", "/api/v1/emails"],
  ["/api/v1/resend/automationsx", "/api/v1/automationsx"],
  ["/api/v1/resend/templates", "/api/v1/resend/templates"],
  ["/api/v1/resend/templates/welcome/publish", "/api/v1/resend/templates/welcome/publish"],
  ["/api/v1/resend/templatesx", "/api/v1/templatesx"],
];

describe("the resend SDK's base path", () => {
  it("serves automations, event definitions and templates itself and forwards every other path under /api/v1", () => {
    for (const [path, to] of PATHS) expect(resendForwardedPath(path), path).toBe(to);
    expect(resendForwardedPath("/api/v1/emails")).toBe("/api/v1/emails");
  });

  it("next.config.ts rewrites by the same rule, read as Next reads a rewrite's source", async () => {
    const rewrites = (await nextConfig.rewrites!()) as { beforeFiles: { source: string; destination: string }[] };
    expect(rewrites.beforeFiles).toContainEqual({ source: RESEND_REWRITE_SOURCE, destination: "/api/v1/:path" });
    const source = pathToRegexp(RESEND_REWRITE_SOURCE, []);
    for (const [path, to] of PATHS) expect(source.test(path), path).toBe(to !== path);
  });
});
