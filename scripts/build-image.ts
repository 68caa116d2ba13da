// npm run build:image: the app the container image runs, assembled in .image/ (the Dockerfile's
// build stage runs this; so does npm run test:image). Layout, all under one directory:
//   server.js, .next/, node_modules/   Next's standalone output (only the files the server uses)
//   .next/static/, public/             the static assets, which standalone output leaves out
//   dist/web.mjs                       scripts/web-server.ts (the client-address stamping server)
//   dist/worker.mjs, migrate.mjs, cli.mjs   the other entry points, bundled: no tsx, no sources
//   prisma/migrations/                 what dist/migrate.mjs (and the worker) apply
// Run from the directory with the sources; `node dist/<entry>.mjs` from .image/ runs each part.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { bundleEntries } from "./lib/bundle-entries.mjs";

const root = process.cwd();
const out = path.join(root, ".image");
const say = (line: string) => console.log(`[build:image] ${line}`);

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${result.status}`);
}

say("next build (standalone output)");
// next.config.ts turns on output: "standalone" only for this build: `npm start` serves .next
// through the custom server, which Next warns about when the build is a standalone one.
// The build prerenders pages, and the ones with a session read APP_SECRET before they find they
// are dynamic: a throwaway secret lets them get that far. Nothing made with it is kept (those
// pages render per request), and the image has no secret in it; the deploy provides the real one.
run(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
  MAILWRIGHT_BUILD_STANDALONE: "1",
  APP_SECRET: process.env.APP_SECRET ?? randomBytes(32).toString("hex"),
});

rmSync(out, { recursive: true, force: true });
cpSync(path.join(root, ".next", "standalone"), out, { recursive: true, verbatimSymlinks: true });
cpSync(path.join(root, ".next", "static"), path.join(out, ".next", "static"), { recursive: true });
if (existsSync(path.join(root, "public"))) cpSync(path.join(root, "public"), path.join(out, "public"), { recursive: true });
cpSync(path.join(root, "prisma", "migrations"), path.join(out, "prisma", "migrations"), { recursive: true });

// PGlite is loaded at run time from node_modules (scripts/lib/bundle-entries.mjs): copied there.
const copied = ["@electric-sql/pglite", "@electric-sql/pglite-socket"];

say("bundling the web server, worker, migrations and CLI");
await bundleEntries(
  { web: "scripts/web-server.ts", worker: "scripts/worker.ts", migrate: "scripts/migrate.ts", cli: "scripts/cli.ts" },
  path.join(out, "dist"),
);

for (const name of copied) {
  const target = path.join(out, "node_modules", name);
  if (existsSync(target)) continue;
  mkdirSync(path.dirname(target), { recursive: true });
  cpSync(path.join(root, "node_modules", name), target, { recursive: true });
}
say(`done: ${path.relative(root, out)}/ (node dist/web.mjs | dist/worker.mjs | dist/migrate.mjs | dist/cli.mjs)`);
