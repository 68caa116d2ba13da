import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// A file that starts with "use client" is bundled for the browser together with everything it
// imports (value imports; `import type` is erased). Packages that only belong on the server must
// not be reachable from one: bcryptjs would ship its hashing code to every visitor.
// pg cannot be bundled for the browser at all (the build fails on node:net); bcryptjs would put
// password hashing in the page.
const SERVER_ONLY_PACKAGES = ["bcryptjs", "pg"];

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "components", "lib"];
const EXTENSIONS = [".ts", ".tsx"];
const compilerOptions: ts.CompilerOptions = {
  baseUrl: ROOT,
  paths: { "@/*": ["./*"] },
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  jsx: ts.JsxEmit.ReactJSX,
  allowJs: false,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

function isClientEntry(text: string): boolean {
  const first = ts.createSourceFile("x.tsx", text, ts.ScriptTarget.Latest, false).statements[0];
  return Boolean(
    first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === "use client",
  );
}

/** Specifiers the file imports at runtime: type-only imports and re-exports are left out. */
function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

type Edge = { kind: "file"; path: string } | { kind: "package"; name: string };

function resolve(specifier: string, from: string): Edge | null {
  if (!specifier.startsWith(".") && !specifier.startsWith("@/")) return { kind: "package", name: packageName(specifier) };
  const resolved = ts.resolveModuleName(specifier, from, compilerOptions, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return null;
  return { kind: "file", path: path.resolve(resolved.resolvedFileName) };
}

/** For each client entry that reaches a server-only package, the import chain that gets there. */
function serverOnlyChains(): string[][] {
  const texts = new Map<string, string>();
  const read = (file: string) => {
    if (!texts.has(file)) texts.set(file, readFileSync(file, "utf8"));
    return texts.get(file)!;
  };
  const entries = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).filter((file) => isClientEntry(read(file)));
  expect(entries.length).toBeGreaterThan(10);

  const chains: string[][] = [];
  for (const entry of entries) {
    const seen = new Set<string>([entry]);
    const queue: string[][] = [[entry]];
    while (queue.length > 0) {
      const chain = queue.shift()!;
      const file = chain[chain.length - 1];
      for (const specifier of runtimeImports(file, read(file))) {
        const edge = resolve(specifier, file);
        if (!edge) continue;
        if (edge.kind === "package") {
          if (SERVER_ONLY_PACKAGES.includes(edge.name)) chains.push([...chain.map((p) => path.relative(ROOT, p)), edge.name]);
        } else if (!seen.has(edge.path)) {
          seen.add(edge.path);
          queue.push([...chain, edge.path]);
        }
      }
    }
  }
  return chains;
}

describe("the browser bundle", () => {
  // It parses every module a client component reaches (about 4 s alone): its time is the
  // machine's, so a loaded machine must not fail it at the default 5 s.
  it("reaches no server-only package from a client component", { timeout: 60_000 }, () => {
    expect(serverOnlyChains().map((chain) => chain.join(" -> "))).toEqual([]);
  });

  it("reads imports the way the bundler does: type-only imports left out, aliases resolved", () => {
    const imports = runtimeImports(
      "x.ts",
      'import type { A } from "a";\nimport { type B } from "b";\nimport c from "c";\nexport { d } from "d";\nconst e = await import("e");',
    );
    expect(imports).toEqual(["c", "d", "e"]);
    expect(resolve("@/lib/auth/password", path.join(ROOT, "components/auth/signup-form.tsx"))).toEqual({
      kind: "file",
      path: path.join(ROOT, "lib/auth/password.ts"),
    });
    expect(runtimeImports("password.ts", read("lib/auth/password.ts")).map(packageName)).toContain("bcryptjs");
  });
});

function read(relative: string): string {
  return readFileSync(path.join(ROOT, relative), "utf8");
}
