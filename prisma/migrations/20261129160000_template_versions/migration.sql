-- Template drafts, published versions and the resend SDK's template fields. The existing
-- columns hold the published content; `draft` the working copy. Templates made before count as
-- published when last changed.
ALTER TABLE "Template"
    ADD COLUMN "alias" TEXT,
    ADD COLUMN "text" TEXT,
    ADD COLUMN "typedVariables" JSONB,
    ADD COLUMN "fromAddress" TEXT,
    ADD COLUMN "replyTo" TEXT[] DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "draft" JSONB,
    ADD COLUMN "publishedAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP;
UPDATE "Template" SET "publishedAt" = "updatedAt";
CREATE UNIQUE INDEX "Template_accountId_alias_key" ON "Template"("accountId", "alias");

CREATE TABLE "TemplateVersion" (
    "id" TEXT NOT NULL,
    "templateId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "content" JSONB NOT NULL,
    "publishedByUserId" TEXT,
    "publishedByKeyId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TemplateVersion_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "TemplateVersion_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "Template"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "TemplateVersion_templateId_number_key" ON "TemplateVersion"("templateId", "number");
