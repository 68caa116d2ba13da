-- The visual editor's document (blocks as JSON) a template's htmlBody is rendered from; null for a
-- template written as HTML (through the API, or switched to code).
ALTER TABLE "Template" ADD COLUMN "design" JSONB;
