-- Every read of pending jobs names the job (the claim, the due check) and so uses
-- ("status", "name", "runAt", "id") or ("status", "name", "accountId", "runAt", "id"); the
-- skip scan over accounts uses ("status", "accountId", "runAt", "id"). Nothing reads
-- ("status", "runAt", "id") since the claim went per job name, and each job row written paid
-- for it.
DROP INDEX IF EXISTS "Job_status_runAt_id_idx";
