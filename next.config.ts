import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Server-only packages with native or WASM parts stay outside the bundle.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "@electric-sql/pglite", "pino", "bcryptjs"],
  poweredByHeader: false,
};

export default nextConfig;
