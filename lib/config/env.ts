import { z } from "zod";

// Every setting Mailwright reads from the environment, parsed once. README lists them all.
const flag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true");

const envSchema = z.object({
  NODE_ENV: z.string().default("development"),
  // "production" marks a real deploy (NODE_ENV is "production" under any `next start`, the
  // embedded default and the e2e tests included, so it cannot tell them apart).
  APP_ENV: z.string().default("development"),
  VERCEL_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(".data"),
  APP_SECRET: z.string().min(16).optional(),
  FREE_CREDITS: z.coerce.number().int().min(0).default(3000),
  RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(20),
  // Where rate limits are counted. Unset: Redis when REDIS_URL is set, PostgreSQL
  // when the operator set DATABASE_URL, memory with the embedded database (one process).
  RATE_LIMIT_STORE: z.enum(["memory", "postgres", "redis"]).optional(),
  REDIS_URL: z.string().optional(),
  // Set by the launcher when DATABASE_URL points at the embedded database it opened.
  MAILWRIGHT_EMBEDDED_DB: flag,
  // Client address: how many reverse proxies in front append to X-Forwarded-For.
  // 0: the socket address, and X-Forwarded-For is never read.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Set by scripts/web-server.ts in its own process: only then is its client-address header real.
  MAILWRIGHT_WEB_SERVER: flag,
  // Sign-up and login abuse limits.
  SIGNUP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  SIGNUP_DOMAIN_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  // Unset: on only when APP_ENV=production. Free credits wait for the emailed confirmation link.
  SIGNUP_REQUIRE_CONFIRMATION: z.enum(["0", "1", "true", "false"]).optional(),
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  // Single sign-on (OpenID Connect): on when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET
  // are set. A verified email of an allowed domain (comma-separated; empty: any) signs in as the
  // member it belongs to; an address with no login yet joins OIDC_ACCOUNT_ID with OIDC_DEFAULT_ROLE
  // (without OIDC_ACCOUNT_ID, only existing members and invited addresses sign in).
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).default("Single sign-on"),
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  OIDC_DEFAULT_ROLE: z.enum(["admin", "developer", "marketer", "viewer"]).default("viewer"),
  OIDC_ACCOUNT_ID: z.string().min(1).optional(),
  // The sender of the service's own mail (sign-up confirmation). Default no-reply@<APP_URL host>.
  SYSTEM_FROM: z.string().optional(),
  // The sandbox sender: every account may send from it without a verified domain,
  // to its own address, *.simulator.test and (dev-inbox transport) anyone. Signed with the
  // service's own DKIM key for its domain (`npm run cli -- sandbox:dkim` prints the record).
  SANDBOX_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/, "SANDBOX_FROM must be an address like onboarding@mail.example.com")
    .default("onboarding@sandbox.mailwright.test"),
  // Activation with enrollExisting: up to this many matching contacts are enrolled in the
  // request; more go to the automation.enroll-existing background job.
  ENROLL_EXISTING_INLINE_MAX: z.coerce.number().int().min(0).default(500),
  // Open/click hits recorded per second per client address and per tracking token (bursts of
  // 10x); past them the pixel and the redirect still answer but record nothing.
  TRACKING_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  TRACKING_LIMIT_PER_TOKEN: z.coerce.number().int().min(1).default(1),
  ENABLE_TEST_CLOCK: flag,
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_DEV: z.string().optional(),
  // Vercel cron (vercel.json): the bearer secret Vercel sends to /api/cron/sweep-jobs (unset: the
  // route does not exist) and how many lost job rows one call runs.
  CRON_SECRET: z.string().min(16).optional(),
  CRON_SWEEP_LIMIT: z.coerce.number().int().min(1).max(500).default(25),
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  JOB_LOCK_SECONDS: z.coerce.number().int().min(1).default(60),
  // Members per broadcast fan-out batch: one accept statement (and one credit debit) each.
  BROADCAST_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  // An Idempotency-Key claim lasts this long and is renewed while its request runs; a claim
  // not renewed for this long belongs to a request that died, and a retry may take it.
  IDEMPOTENCY_CLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  DB_POOL_SIZE: z.coerce.number().int().min(1).default(5),
  // The hot paths' statements are named prepared statements (planned once per connection).
  // 0/false sends them unnamed, for a pooler in transaction mode that cannot pass them through.
  DATABASE_PREPARED_STATEMENTS: z
    .enum(["0", "1", "true", "false"])
    .default("1")
    .transform((v) => v === "1" || v === "true"),
  // npm start on SIGTERM/SIGINT: stop claiming, let running jobs finish, release
  // the rest, stop the web server and close the embedded database, all within this many seconds.
  STOP_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(10),
  // Bounds on a database that is gone or stuck: waiting for a pool connection or a
  // new connection, and one statement. Past them the API answers 503, never hangs.
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  // One segment filter's count, page or fan-out read: past this a filter is refused as too costly.
  SEGMENT_QUERY_TIMEOUT_MS: z.coerce.number().int().min(10).default(5000),
  // Domains: where bounce MX and SPF records point, and which resolvers verify them.
  MX_HOST: z.string().min(1).default("inbound.mailwright.local"),
  SPF_INCLUDE: z.string().min(1).default("spf.mailwright.local"),
  DNS_SERVERS: z.string().optional(),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2500),
  // Delivery: the dev inbox by default; a smarthost, or direct MX.
  MAIL_TRANSPORT: z.enum(["inbox", "smtp", "mx"]).default("inbox"),
  SMTP_URL: z.string().optional(),
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  // Direct MX delivery (MAIL_TRANSPORT=mx): the receivers' port (25; tests use a loopback
  // port), connections per destination host, and whether MX hosts may resolve to private or
  // loopback addresses (refused unless MX_ALLOW_PRIVATE=1, whatever APP_ENV says).
  MX_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  MX_MAX_CONNECTIONS_PER_HOST: z.coerce.number().int().min(1).max(50).default(3),
  MX_ALLOW_PRIVATE: flag,
  // The SMTP relay: where clients connect, and whether STARTTLS is required.
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(2525),
  SMTP_PUBLIC_HOST: z.string().optional(),
  SMTP_REQUIRE_TLS: flag,
  // AUTH before STARTTLS is refused (538) unless this is set: a client that cannot do TLS,
  // on a trusted network only (it sends the API key in cleartext).
  SMTP_ALLOW_INSECURE_AUTH: flag,
  // Open relay connections in all, and from one client address (421 past either).
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(100),
  SMTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  // PEM file paths for STARTTLS; unset: a self-signed certificate is generated at start (dev).
  SMTP_TLS_KEY: z.string().optional(),
  SMTP_TLS_CERT: z.string().optional(),
  SMTP_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  // Bytes of relay messages held at once across sessions (at least one maximum message):
  // past it a message gets 452 (try again later), so the worker's memory stays bounded.
  SMTP_MAX_INFLIGHT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  // A worker that should not listen for SMTP (several workers on one machine).
  SMTP_RELAY_DISABLED: flag,
  // Inbound mail (MX): the port other mail servers deliver to (25 in production), and bounds on
  // what one message may hold. A message past any of them is refused before anything is stored.
  // 0: any free port (tests, benches).
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2526),
  INBOUND_SMTP_DISABLED: flag,
  INBOUND_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  INBOUND_MAX_ATTACHMENT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  INBOUND_MAX_PARTS: z.coerce.number().int().min(1).max(1000).default(100),
  // Messages one sending address may deliver per minute (451 past it).
  INBOUND_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // Webhooks: WEBHOOK_ALLOW_PRIVATE=1 lets URLs reach private/loopback addresses
  // (dev and tests only); WEBHOOK_TIMEOUT_MS bounds one delivery attempt.
  WEBHOOK_ALLOW_PRIVATE: flag,
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  // Webhooks one account may have (failed ones included).
  WEBHOOK_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  // Per-account counts of what costs the service while it exists (lib/accounts/account-limit.ts).
  API_KEY_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  DOMAIN_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  AUTOMATION_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(200),
  // Bytes of automation test-run email the dev inbox takes per account per day (test runs are free).
  TEST_RUN_INBOX_MB_PER_DAY: z.coerce.number().int().min(1).default(50),
  // Uploaded images: largest upload in bytes (413 above) and the bytes one account may store.
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  IMAGE_STORAGE_MB_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  // An S3-compatible bucket for uploaded images (AWS S3, R2, MinIO...): set the bucket to use it;
  // unset, images are stored in the database. Addressed path-style at IMAGE_S3_ENDPOINT
  // (default: AWS's regional endpoint), signed with Signature V4.
  IMAGE_S3_BUCKET: z.string().min(1).optional(),
  IMAGE_S3_ENDPOINT: z.url({ message: "IMAGE_S3_ENDPOINT must be a URL" }).optional(),
  IMAGE_S3_REGION: z.string().min(1).default("us-east-1"),
  IMAGE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  IMAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) cached = envSchema.parse(process.env);
  return cached;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}

export function appUrl(): string {
  const env = getEnv();
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

export function isProduction(): boolean {
  const env = getEnv();
  return env.APP_ENV === "production" || env.VERCEL_ENV === "production";
}

export function signupRequiresConfirmation(): boolean {
  const value = getEnv().SIGNUP_REQUIRE_CONFIRMATION;
  return value === undefined ? isProduction() : value === "1" || value === "true";
}

export function rateLimitStore(): "memory" | "postgres" | "redis" {
  const env = getEnv();
  if (env.RATE_LIMIT_STORE) return env.RATE_LIMIT_STORE;
  if (env.REDIS_URL) return "redis";
  return env.DATABASE_URL && !env.MAILWRIGHT_EMBEDDED_DB ? "postgres" : "memory";
}

export function inngestEnabled(): boolean {
  const env = getEnv();
  return Boolean(env.INNGEST_EVENT_KEY || env.INNGEST_DEV);
}

/** The secret for sessions and encryption at rest. The launcher provides one when unset. */
export function appSecret(): string {
  const secret = getEnv().APP_SECRET;
  if (!secret) throw new Error("APP_SECRET is not set (the launcher sets one; scaled deploys must)");
  return secret;
}
