-- The visual editor's blocks of an automation step's email; bodyHtml is rendered from them.
ALTER TABLE "AutomationStep" ADD COLUMN "design" JSONB;
