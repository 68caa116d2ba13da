import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// e2e runs the product the way users do: `npm start` (embedded database, migrations, a
// production build when missing or stale, worker, next start) on a fresh data directory.
// Set E2E_BASE_URL to test a server you started yourself instead.
// E2E_PORT and E2E_DNS_PORT move the server (PORT, PORT + 1 for SMTP, PORT + 2 for inbound SMTP) and the DNS server.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const E2E_DNS_PORT = Number(process.env.E2E_DNS_PORT ?? 5391);
const externalBaseUrl = process.env.E2E_BASE_URL;
const use = { browserName: "chromium" as const, viewport: { width: 1280, height: 800 } };
// The screenshot tour is for people looking at the UI, not a test: it runs only on request.
const TOUR = process.env.SCREENSHOT_DIR ? [] : ["**/screenshots.spec.ts"];
const SERIAL_SPECS = [
  "**/automations.spec.ts",
  "**/automation-from-scratch.spec.ts",
  "**/webhooks.spec.ts",
  "**/chaos-launcher.spec.ts",
  "**/broadcast-ab-test.spec.ts",
];

// Workers re-read this file; the variable, set once by the main process, keeps one directory.
process.env.MW_E2E_DATA_DIR ??= path.join(os.tmpdir(), `.data-e2e-${Date.now()}`);

export default defineConfig({
  testDir: "e2e",
  // Two specs at a time (E2E_WORKERS to change it): each spec signs up accounts of its own, and
  // the specs spend most of their time waiting on the browser and the server.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${PORT}`,
    // No trace by default: recording one (the DOM at every action, the screencast) took more of
    // the browser's CPU than the pages did, and a CI log cannot show it. A failed test still
    // leaves its page's snapshot and a screenshot; `npx playwright test --trace retain-on-failure`
    // records traces when a failure needs one.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // The specs that move the service's test clock (one clock for the whole server) or start and
  // kill launchers of their own run one at a time, beside the rest: "serial" has one worker.
  projects: [
    { name: "chromium", testIgnore: [...TOUR, ...SERIAL_SPECS], use },
    { name: "serial", testMatch: SERIAL_SPECS, workers: 1, use },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: "npm start",
        url: `http://127.0.0.1:${PORT}`,
        env: {
          PORT: String(PORT),
          DATA_DIR: process.env.MW_E2E_DATA_DIR,
          ENABLE_TEST_CLOCK: "1",
          // The worker's SMTP relay: its own port, so a dev server on the default 2525 can stay up.
          SMTP_PORT: String(PORT + 1),
          // The worker's inbound SMTP server (MX), for the receiving specs.
          INBOUND_SMTP_PORT: String(PORT + 2),
          // Domain verification resolves through the specs' own DNS server (e2e/dns.ts).
          DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
          DNS_TIMEOUT_MS: "1000",
          APP_URL: `http://127.0.0.1:${PORT}`,
          NEXT_TELEMETRY_DISABLED: "1",
          // Every spec signs up and signs in from 127.0.0.1 with @example.com addresses: the
          // abuse limits (5 sign-ups an hour per address, 20 per domain) would stop the suite.
          SIGNUP_LIMIT_PER_HOUR: "100000",
          SIGNUP_DOMAIN_LIMIT_PER_HOUR: "100000",
          LOGIN_LIMIT_PER_ADDRESS: "100000",
          // Build and start-up lines still show; one log line per request would bury test output.
          LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        },
        // The first start builds the app: on a loaded 2-core machine that took over 10 minutes.
        timeout: 1_200_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      },
});
