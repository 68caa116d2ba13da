-- Sign-up confirmation: free credits wait for the emailed link (issue 14.2).
ALTER TABLE "Account" ADD COLUMN "emailConfirmedAt" TIMESTAMP(3),
ADD COLUMN "freeCreditsPending" INTEGER NOT NULL DEFAULT 0;

-- Shared rate-limit counters for rate-limiter-flexible's PostgreSQL store (issue 14.10).
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);
