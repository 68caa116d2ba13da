import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { dataDir } from "./database";

/** APP_SECRET, or one generated once and kept in DATA_DIR/secret so sessions survive restarts. */
export function ensureAppSecret(): string {
  if (process.env.APP_SECRET) return process.env.APP_SECRET;
  const file = path.join(dataDir(), "secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}
