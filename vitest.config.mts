import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          setupFiles: ["tests/helpers/setup-env.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Every test makes its own account, but the test clock is one row every process
          // shares: files run one after another so a clock move never lands in another test.
          fileParallelism: false,
          // On the embedded database (npm test), in one process that keeps what it loaded: a new
          // process per file spent over half of the tier importing modules and warming them up
          // again (714 s against 304 s). Each file still starts from the same environment
          // (tests/helpers/setup-env.ts). On a PostgreSQL server (TEST_DATABASE_URL, CI) each
          // file has its own database, and the process state cached from the one before (the
          // test clock's offset, connections) would not match it: a process per file there.
          isolate: Boolean(process.env.TEST_DATABASE_URL),
        },
      },
    ],
  },
});
