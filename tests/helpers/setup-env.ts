import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_SECRET ??= "integration-test-secret-0123456789";
process.env.DB_POOL_SIZE ??= "4";
process.env.LOG_LEVEL ??= "silent";
// One test process: limits in memory unless a test asks for the shared store itself.
process.env.RATE_LIMIT_STORE ??= "memory";
// In-process requests have no socket: they stand for a deploy behind one proxy, whose
// X-Forwarded-For entry names the client (tests of the hops=0 default unset it themselves).
process.env.TRUST_PROXY_HOPS ??= "1";
