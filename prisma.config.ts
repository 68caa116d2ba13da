import { defineConfig } from "prisma/config";

// The CLI is used only for `prisma generate` here; migrations are applied by
// scripts/migrate.ts (DESIGN section 12), which reads DATABASE_URL itself.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/mailwright" },
});
