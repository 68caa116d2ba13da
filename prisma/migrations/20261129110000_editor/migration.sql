-- The visual editor's document (blocks as JSON) a template's htmlBody or a broadcast's html is
-- rendered from; null for one written as HTML (through the API, or switched to code).
ALTER TABLE "Template" ADD COLUMN "design" JSONB;
ALTER TABLE "Broadcast" ADD COLUMN "design" JSONB;
