import { rmSync } from "node:fs";

// The run's embedded database lives in a temp directory of its own. Remove it when the runner
// exits, which is after the web server has been stopped (a global teardown would run before,
// pulling the directory from under a database that is still open).
export default function globalSetup() {
  const dir = process.env.MW_E2E_DATA_DIR;
  if (!dir || !dir.includes(".data-e2e-")) return;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
}
