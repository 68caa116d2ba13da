#!/usr/bin/env bash
# Produce a migration's SQL offline: Prisma 7's `migrate diff` needs a
# native schema engine that cannot be downloaded here, so this uses the Prisma 6.19 CLI with
# its WASM engine in a tool folder outside the repo.
#   scripts/tools/prisma-diff.sh <old.prisma|--from-empty> prisma/schema.prisma > migration.sql
set -euo pipefail
tool="${PRISMA_DIFF_TOOL_DIR:-$HOME/.cache/mailwright-prisma6}"
if [ ! -x "$tool/node_modules/.bin/prisma" ]; then
  mkdir -p "$tool"
  (cd "$tool" && echo '{"private":true}' > package.json &&
    npm install --silent --no-audit --no-fund prisma@6.19.3 @prisma/adapter-pg@6.19.3 pg >&2)
fi
# The JS engine opens its adapter even to diff two datamodels: any reachable PostgreSQL will do
# (nothing is written to it).
db_url="${PRISMA_DIFF_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
cat > "$tool/prisma.config.ts" <<TS
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPg({ connectionString: "$db_url" }),
} as never);
TS
withurl() { sed 's|^  provider = "postgresql"|  provider = "postgresql"\n  url = "postgresql://unused@127.0.0.1/unused"|' "$1"; }
to="$tool/to.prisma"; withurl "$2" > "$to"
touch "$tool/no-engine"; chmod +x "$tool/no-engine"
export PRISMA_SCHEMA_ENGINE_BINARY="$tool/no-engine" PRISMA_QUERY_ENGINE_LIBRARY="$tool/no-engine"
cd "$tool"
if [ "$1" = "--from-empty" ]; then
  npx --no-install prisma migrate diff --from-empty --to-schema-datamodel "$to" --script
else
  from="$tool/from.prisma"; withurl "$1" > "$from"
  npx --no-install prisma migrate diff --from-schema-datamodel "$from" --to-schema-datamodel "$to" --script
fi
