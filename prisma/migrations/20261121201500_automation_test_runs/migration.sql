-- AlterTable
ALTER TABLE "Enrollment" ADD COLUMN     "testContact" JSONB,
ALTER COLUMN "contactId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "Enrollment_automationId_isTest_enrolledAt_idx" ON "Enrollment"("automationId", "isTest", "enrolledAt");

