-- The claim takes the oldest due rows ORDER BY "runAt", "id" (equal due times in the order they
-- were enqueued). Without "id" in the index PostgreSQL sorted every due row to find the first
-- 200 (a sequential scan of a 100,000-row backlog on every claim); with it, it reads 200 entries.
DROP INDEX IF EXISTS "Job_status_runAt_idx";
CREATE INDEX "Job_status_runAt_id_idx" ON "Job"("status", "runAt", "id");
DROP INDEX IF EXISTS "Job_status_accountId_runAt_idx";
CREATE INDEX "Job_status_accountId_runAt_id_idx" ON "Job"("status", "accountId", "runAt", "id");
