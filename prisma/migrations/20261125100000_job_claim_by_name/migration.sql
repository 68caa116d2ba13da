-- CreateIndex
CREATE INDEX "Job_status_name_accountId_runAt_id_idx" ON "Job"("status", "name", "accountId", "runAt", "id");

-- CreateIndex
CREATE INDEX "Job_status_name_runAt_id_idx" ON "Job"("status", "name", "runAt", "id");
