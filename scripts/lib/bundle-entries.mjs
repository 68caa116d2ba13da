// The bundling both the container image (scripts/build-image.ts) and `npm run worker`
// (scripts/run-worker.mjs) run: ESM for node 20, code split so a part that never runs (the SMTP
// relay's modules when it is off) is never loaded. Plain JavaScript: `npm run worker` runs it
// with node alone, before anything can compile TypeScript.
import { build, stop } from "esbuild";

// Packages the bundles load at run time instead of inlining: `next` (the web server hands the
// request to the standalone build's own copy), PGlite (WASM and data files beside its code;
// only used when DATABASE_URL is unset) and pg's optional native binding (never installed).
const BUNDLE_EXTERNAL = ["next", "next/*", "@electric-sql/pglite", "@electric-sql/pglite/*", "@electric-sql/pglite-socket", "pg-native"];

/** Bundles each entry (name -> source path) to `<outdir>/<name>.mjs`, shared code in `<outdir>/chunks/`. */
export async function bundleEntries(entryPoints, outdir) {
  try {
    await build({
      entryPoints,
      outdir,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      platform: "node",
      target: "node20",
      format: "esm",
      splitting: true,
      chunkNames: "chunks/[name]-[hash]",
      external: BUNDLE_EXTERNAL,
      // Bundled CommonJS packages call require() for Node's built-ins.
      banner: {
        js: 'import { createRequire as __mwCreateRequire } from "node:module"; const require = __mwCreateRequire(import.meta.url);',
      },
      logLevel: "warning",
      legalComments: "none",
      // No comments or indentation in the bundles: V8 keeps each script's source in memory, and a
      // bundled library's comments in Japanese made the worker's largest chunk two bytes a
      // character (8.6 MB of its heap). Names stay as written, so stack traces still read.
      minifyWhitespace: true,
      minifySyntax: true,
    });
  } finally {
    // esbuild's service process would otherwise live as long as the caller.
    await stop();
  }
}
