-- Templates keep their sample variable values (issue 16.5): a flat object of strings.
ALTER TABLE "Template" ADD COLUMN "sampleData" JSONB NOT NULL DEFAULT '{}';
