import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

// `npm start` builds only when the production build is missing or older than the sources:
// the stamp is a hash over every source file's path, size and modification time.
const SOURCES = ["app", "components", "lib", "public", "next.config.ts", "postcss.config.mjs", "package.json", "tsconfig.json"];
const SKIP = new Set(["node_modules", ".next", "generated"]);

function walk(entry: string, out: string[]) {
  if (!existsSync(entry)) return;
  const stat = statSync(entry);
  if (stat.isDirectory()) {
    for (const name of readdirSync(entry).sort()) {
      if (!SKIP.has(name) && !name.endsWith(".test.ts")) walk(path.join(entry, name), out);
    }
  } else {
    out.push(`${entry}:${stat.size}:${Math.floor(stat.mtimeMs)}`);
  }
}

export function sourceStamp(root = process.cwd()): string {
  const lines: string[] = [];
  for (const s of SOURCES) walk(path.join(root, s), lines);
  // The generated Prisma client changes with the schema.
  walk(path.join(root, "prisma", "schema.prisma"), lines);
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}

const stampFile = (root: string) => path.join(root, ".next", "mailwright-build-stamp");

export function buildIsFresh(root = process.cwd()): boolean {
  const file = stampFile(root);
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(file)) return false;
  return readFileSync(file, "utf8") === sourceStamp(root);
}

/**
 * Records the stamp taken BEFORE the build started: a source edited while `next build` ran
 * then leaves the stamp stale and the next start builds again, instead of serving a build
 * that lacks the edit.
 */
export function recordBuild(stamp: string, root = process.cwd()) {
  writeFileSync(stampFile(root), stamp);
}
