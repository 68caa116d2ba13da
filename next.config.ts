import type { NextConfig } from "next";

// Security headers. A later rule overrides an earlier one for the same header, and
// a header set here wins over the same header set by a route, so the routes that need their own
// (the /u page's stricter CSP) are left out of the rule rather than overridden.
export const securityHeaders: NonNullable<NextConfig["headers"]> = async () => [
  {
    source: "/:path*",
    headers: [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ],
  },
  {
    // Every page but the open pixel, click redirect and unsubscribe page: no framing (clickjacking).
    source: "/:path((?!t/|u/).*)",
    headers: [
      { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
      { key: "X-Frame-Options", value: "DENY" },
    ],
  },
  {
    // A click redirect or unsubscribe page tells the next site nothing about where it came from.
    source: "/:prefix(t|u)/:path*",
    headers: [{ key: "Referrer-Policy", value: "no-referrer" }],
  },
];

const nextConfig: NextConfig = {
  // The container image's build (npm run build:image) only: a self-contained server directory.
  ...(process.env.MAILWRIGHT_BUILD_STANDALONE === "1" ? { output: "standalone" as const } : {}),
  // Server-only packages with native or WASM parts stay outside the bundle.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "@electric-sql/pglite", "pino", "bcryptjs"],
  poweredByHeader: false,
  // npm test type-checks the whole project (tsc --noEmit) before it builds for the e2e tier; its
  // build skips Next's second pass over the same types (about 30 s on 2 cores). Every other build
  // (npm start, npm run build, the image) still checks them.
  typescript: { ignoreBuildErrors: process.env.MAILWRIGHT_BUILD_SKIP_TYPECHECK === "1" },
  headers: securityHeaders,
  // A `resend` SDK client's base URL, /api/v1/resend: automations, event definitions,
  // templates and broadcasts are served there in the SDK's shapes; every other path (events/send included) goes to the route
  // of the same name under /api/v1. The same rule
  // as lib/api/resend-base-path.ts (its unit test compares the two).
  rewrites: async () => ({
    beforeFiles: [
      {
        source: "/api/v1/resend/:path((?!(?:automations(?:/|$)|events(?:/(?!send$)[^/]+)?$|templates(?:/|$)|broadcasts(?:/|$))).*)",
        destination: "/api/v1/:path",
      },
    ],
    afterFiles: [],
    fallback: [],
  }),
};

export default nextConfig;
