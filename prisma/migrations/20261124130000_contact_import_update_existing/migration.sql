-- Contact imports can leave existing contacts' fields alone (issue 16).
ALTER TABLE "ContactImport" ADD COLUMN "updateExisting" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "ContactImport" ADD COLUMN "unchanged" INTEGER NOT NULL DEFAULT 0;
