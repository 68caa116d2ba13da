// postinstall: generate the Prisma client into lib/generated/prisma.
// The CLI looks for a native schema engine and tries to download one when it is missing;
// generation does not use it, so pointing the variable at any existing file keeps it offline.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const self = fileURLToPath(import.meta.url);
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? self,
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
