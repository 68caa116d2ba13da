import { describe, expect, it } from "vitest";
import { buildCustomRoute } from "next/dist/lib/build-custom-route";
import { securityHeaders } from "@/next.config";
import { API_SECURITY_HEADERS } from "./handler";

// The headers Next would send for a path: every rule whose source matches (compiled with Next's
// own route builder, as for the routes manifest), a later rule overriding an earlier one.
async function headersFor(pathname: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rule of await securityHeaders()) {
    const { regex } = buildCustomRoute("header", rule) as { regex: string };
    if (!new RegExp(regex).test(pathname)) continue;
    for (const { key, value } of rule.headers) out[key] = value;
  }
  return out;
}

describe("next.config security headers", () => {
  it.each(["/", "/login", "/dashboard", "/emails/em_123", "/automations/aut_1/builder", "/templates", "/tracking-help"])(
    "dashboard page %s: nosniff, referrer policy, no framing",
    async (pathname) => {
      expect(await headersFor(pathname)).toEqual({
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "Content-Security-Policy": "frame-ancestors 'none'",
        "X-Frame-Options": "DENY",
      });
    },
  );

  it("API responses get the same nosniff and referrer policy as apiHandler sets", async () => {
    const headers = await headersFor("/api/v1/emails");
    expect(headers).toMatchObject(API_SECURITY_HEADERS);
  });

  it.each(["/t/c/abcdefabcdefabcdef", "/t/o/abcdefabcdefabcdef", "/u/some.token"])(
    "%s: no referrer, and the route's own CSP is not overridden",
    async (pathname) => {
      expect(await headersFor(pathname)).toEqual({ "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" });
    },
  );
});
