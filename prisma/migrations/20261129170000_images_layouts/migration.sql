-- Uploaded images, stored in the database (bytea) and served publicly at /i/<id>.<ext>.
CREATE TABLE "Image" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Image_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Image_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "Image_accountId_createdAt_idx" ON "Image"("accountId", "createdAt");

-- Layouts: the wrapper (header, footer, address, colour, font) of an account's marketing mail.
CREATE TABLE "Layout" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "headerText" TEXT,
    "logoUrl" TEXT,
    "footerText" TEXT,
    "address" TEXT,
    "brandColor" TEXT NOT NULL DEFAULT '#18181b',
    "font" TEXT NOT NULL DEFAULT 'system',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Layout_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Layout_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "Layout_accountId_createdAt_idx" ON "Layout"("accountId", "createdAt");
-- At most one default per account.
CREATE UNIQUE INDEX "Layout_accountId_default_key" ON "Layout"("accountId") WHERE "isDefault";

-- Every existing account gets its default layout, named after the company (or the account).
INSERT INTO "Layout" ("id", "accountId", "name", "isDefault", "headerText")
SELECT 'lay_' || md5(random()::text || "id"), "id", 'Default', true, COALESCE(NULLIF(btrim("companyName"), ''), "name")
FROM "Account";
