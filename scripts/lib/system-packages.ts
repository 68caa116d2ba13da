import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// The Debian packages the test tiers drive: Chromium (the e2e tier's browser), swaks (a real SMTP
// client for the relay's tests) and SpamAssassin (the spam-score test).
const NEEDED = [
  { bin: "/usr/bin/chromium", pkg: "chromium" },
  { bin: "/usr/bin/swaks", pkg: "swaks" },
  { bin: "/usr/bin/spamassassin", pkg: "spamassassin" },
];

/**
 * Installs what is missing with apt-get when this process may (root on Debian), so one command
 * sets up and runs the tests on a fresh machine. Returns what is still missing and how to get
 * it, or null when everything is there.
 */
export function ensureTestPackages(): string | null {
  const missing = () => NEEDED.filter((n) => !existsSync(n.bin)).map((n) => n.pkg);
  const wanted = missing();
  if (!wanted.length) return null;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log(`installing ${wanted.join(", ")} with apt-get (once; the test tiers drive them)`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const install = () => spawnSync("apt-get", ["install", "-y", "-qq", ...wanted], { env, stdio: "ignore" }).status === 0;
    if (!install()) {
      spawnSync("apt-get", ["update", "-qq"], { env, stdio: "ignore" });
      install();
    }
  }
  const left = missing();
  return left.length ? `missing ${left.join(", ")}: install with \`apt-get install -y ${left.join(" ")}\` (as root)` : null;
}
