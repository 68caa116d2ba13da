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
  ENABLE_TEST_CLOCK: flag,
  INNGEST_EVENT_KEY: z.string().optional(),
  INNGEST_SIGNING_KEY: z.string().optional(),
  INNGEST_DEV: z.string().optional(),
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  JOB_LOCK_SECONDS: z.coerce.number().int().min(1).default(60),
  DB_POOL_SIZE: z.coerce.number().int().min(1).default(5),
  // Domains (DESIGN 7): where bounce MX and SPF records point, and which resolvers verify them.
  MX_HOST: z.string().min(1).default("inbound.mailwright.local"),
  SPF_INCLUDE: z.string().min(1).default("spf.mailwright.local"),
  DNS_SERVERS: z.string().optional(),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2500),
  // Delivery (DESIGN 6): the dev inbox by default; a smarthost, or direct MX (issue 9).
  MAIL_TRANSPORT: z.enum(["inbox", "smtp", "mx"]).default("inbox"),
  SMTP_URL: z.string().optional(),
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  // Direct MX delivery (MAIL_TRANSPORT=mx): the receivers' port (25; tests use a loopback
  // port), connections per destination host, and whether MX hosts may resolve to private or
  // loopback addresses in production (always allowed outside production).
  MX_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  MX_MAX_CONNECTIONS_PER_HOST: z.coerce.number().int().min(1).max(50).default(3),
  MX_ALLOW_PRIVATE: flag,
  // The SMTP relay (DESIGN 9): where clients connect, and whether STARTTLS is required.
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(2525),
  SMTP_PUBLIC_HOST: z.string().optional(),
  SMTP_REQUIRE_TLS: flag,
  // PEM file paths for STARTTLS; unset: a self-signed certificate is generated at start (dev).
  SMTP_TLS_KEY: z.string().optional(),
  SMTP_TLS_CERT: z.string().optional(),
  SMTP_MAX_MESSAGE_BYTES: z.coerce.number().int().min(1024).default(25 * 1024 * 1024),
  // A worker that should not listen for SMTP (several workers on one machine).
  SMTP_RELAY_DISABLED: flag,
  // Webhooks (DESIGN 8): WEBHOOK_ALLOW_PRIVATE=1 lets URLs reach private/loopback addresses
  // (dev and tests only); WEBHOOK_TIMEOUT_MS bounds one delivery attempt.
  WEBHOOK_ALLOW_PRIVATE: flag,
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
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
