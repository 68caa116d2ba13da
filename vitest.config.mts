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
          // Files run two at a time (INTEGRATION_WORKERS to change it). The test clock is a row
          // in the database, so no two files that run at once share one: on a PostgreSQL server
          // (TEST_DATABASE_URL, CI) each file has its own copy of the migrated database, and
          // embedded each worker has its own PGlite (tests/helpers/global-setup.ts). The files
          // spend most of their time waiting (timers, polls, child processes): two at a time
          // roughly halve the tier on 2 cores.
          fileParallelism: true,
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
          // Each worker is one process that keeps what it loaded: a new process per file spent
          // over half of the tier importing modules and warming them up again (714 s against
          // 304 s embedded). Each file still starts from the same environment, with no
          // connection, limiter count or clock offset of the file before
          // (tests/helpers/setup-env.ts).
          isolate: false,
        },
      },
    ],
  },
});
