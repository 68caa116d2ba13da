import { rmSync } from "node:fs";
import { startE2eDnsServer } from "./dns";

// The run's DNS server, shared by the workers (e2e/dns.ts); stopped by the returned teardown.
// The run's embedded database lives in a temp directory of its own. Remove it when the runner
// exits, which is after the web server has been stopped (a global teardown would run before,
// pulling the directory from under a database that is still open).
export default async function globalSetup() {
  const stopDns = await startE2eDnsServer();
  const dir = process.env.MW_E2E_DATA_DIR;
  if (process.env.E2E_BASE_URL === undefined && dir?.includes(".data-e2e-")) {
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  return stopDns;
}
