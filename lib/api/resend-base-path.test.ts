import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { RESEND_REWRITE_SOURCE, resendForwardedPath } from "./resend-base-path";

describe("the resend SDK's base path", () => {
  it("serves automations itself and forwards every other path under /api/v1", () => {
    expect(resendForwardedPath("/api/v1/resend/automations")).toBe("/api/v1/resend/automations");
    expect(resendForwardedPath("/api/v1/resend/automations/aut_1/runs")).toBe("/api/v1/resend/automations/aut_1/runs");
    expect(resendForwardedPath("/api/v1/resend/emails")).toBe("/api/v1/emails");
    expect(resendForwardedPath("/api/v1/resend/events/send")).toBe("/api/v1/events/send");
    expect(resendForwardedPath("/api/v1/resend/automationsx")).toBe("/api/v1/automationsx");
    expect(resendForwardedPath("/api/v1/emails")).toBe("/api/v1/emails");
  });

  it("next.config.ts rewrites by the same rule", async () => {
    const rewrites = (await nextConfig.rewrites!()) as { beforeFiles: { source: string; destination: string }[] };
    expect(rewrites.beforeFiles).toContainEqual({ source: RESEND_REWRITE_SOURCE, destination: "/api/v1/:path" });
  });
});
