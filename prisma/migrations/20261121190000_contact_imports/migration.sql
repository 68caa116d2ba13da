-- CreateEnum
CREATE TYPE "ContactImportStatus" AS ENUM ('pending', 'running', 'completed', 'failed');

-- CreateTable
CREATE TABLE "ContactImport" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "status" "ContactImportStatus" NOT NULL DEFAULT 'pending',
    "listId" TEXT,
    "csv" TEXT NOT NULL,
    "mapping" JSONB NOT NULL DEFAULT '{}',
    "total" INTEGER NOT NULL DEFAULT 0,
    "processed" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "ContactImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ContactImport_accountId_createdAt_idx" ON "ContactImport"("accountId", "createdAt");

-- AddForeignKey
ALTER TABLE "ContactImport" ADD CONSTRAINT "ContactImport_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
