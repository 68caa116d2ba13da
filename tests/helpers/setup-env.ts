import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_SECRET ??= "integration-test-secret-0123456789";
process.env.DB_POOL_SIZE ??= "4";
process.env.LOG_LEVEL ??= "silent";
