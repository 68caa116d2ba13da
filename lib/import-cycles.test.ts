import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// lib/ has no import circle: a module can be read, tested and loaded knowing only what it
// imports. Counted: static imports (`import ... from`, `export ... from`, side-effect imports)
// and `import("...")` calls, since a lazy import that closes a circle only hides it (the load
// order works, the modules still depend on each other both ways). A lazy import kept for
// another reason (heavy optional code loaded only when used) is fine as long as it closes no
// circle. Type-only imports are erased at build time and are left out. The Prisma client under
// lib/generated is generated code, outside this rule.

const root = path.resolve(import.meta.dirname, "..");
const lib = path.join(root, "lib");
const SKIP = new Set([path.join(lib, "generated")]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (SKIP.has(file)) return [];
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [file] : [];
  });
}

export interface ModuleImport {
  specifier: string;
  /** Through an `import("...")` call rather than a static declaration. */
  lazy: boolean;
}

/** The modules a file imports for their values. */
export function valueImports(source: string, fileName = "module.ts"): ModuleImport[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imports: ModuleImport[] = [];
  for (const node of file.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      // `import { type A, type B } from` carries no value either.
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        bindings &&
        ts.isNamedImports(bindings) &&
        bindings.elements.length > 0 &&
        bindings.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) imports.push({ specifier: node.moduleSpecifier.text, lazy: false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (node.isTypeOnly) continue;
      const clause = node.exportClause;
      if (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)) continue;
      imports.push({ specifier: node.moduleSpecifier.text, lazy: false });
    }
  }
  // `import("x")` anywhere; `typeof import("x")` is a type (an ImportTypeNode), not a call.
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) imports.push({ specifier: argument.text, lazy: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return imports;
}

function inScope(file: string | undefined): file is string {
  return Boolean(file?.startsWith(lib + path.sep)) && ![...SKIP].some((dir) => file!.startsWith(dir + path.sep));
}

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined; // a package
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * Every strongly connected set of files (each file reaches each other one through imports):
 * its size and one circle through it.
 */
export function findCycles(graph: Map<string, string[]>): { files: string[]; circle: string[] }[] {
  // Tarjan's algorithm, iterative (deep import chains would overflow a recursive one).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(member) ?? []).includes(member);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((component) => ({ files: component.sort(), circle: circleThrough(graph, component) }));
}

/** One circle inside a strongly connected set: the shortest way from its first file back to it. */
function circleThrough(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const circle = [start];
        for (let at = node; at !== start; at = previous.get(at)!) circle.splice(1, 0, at);
        return [...circle, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

describe("imports in lib/", () => {
  it("reads value imports and leaves type-only ones out", () => {
    const source = [
      'import { a } from "./a";',
      'import type { B } from "./b";',
      'import { type C, type D } from "./c";',
      'import { type E, e } from "./e";',
      'import "./side-effect";',
      'export { f } from "./f";',
      'export type { G } from "./g";',
      'export * from "./h";',
      'const lazy = () => import("./lazy");',
      'let typed: typeof import("./type-of") | undefined;',
    ].join("\n");
    expect(valueImports(source).map((i) => `${i.specifier}${i.lazy ? " (lazy)" : ""}`)).toEqual([
      "./a",
      "./e",
      "./side-effect",
      "./f",
      "./h",
      "./lazy (lazy)",
    ]);
  });

  it("finds a circle and names its path", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(findCycles(graph).map((c) => c.circle)).toEqual([
      ["a", "b", "c", "a"],
      ["e", "e"],
    ]);
  });

  it("form no circle", () => {
    const graph = new Map<string, string[]>();
    const lazy = new Set<string>();
    for (const file of sourceFiles(lib)) {
      const targets: string[] = [];
      for (const { specifier, lazy: isLazy } of valueImports(readFileSync(file, "utf8"), file)) {
        const target = resolveImport(file, specifier);
        if (!inScope(target)) continue;
        targets.push(target);
        if (isLazy) lazy.add(`${file} ${target}`);
      }
      graph.set(file, [...new Set(targets)]);
    }
    const name = (file: string) => path.relative(root, file);
    const cycles = findCycles(graph).map(({ files, circle }) => ({
      files: files.map(name),
      circle: circle.map((file, i) => `${name(file)}${i > 0 && lazy.has(`${circle[i - 1]} ${file}`) ? " (lazy import)" : ""}`),
    }));
    const report = cycles
      .map(
        ({ files, circle }) =>
          `${files.length} files reach each other through imports:\n  ${files.join("\n  ")}\none circle among them:\n  ${circle.join("\n  -> ")}`,
      )
      .join("\n\n");
    expect(cycles, `import circles in lib/:\n\n${report}\n`).toEqual([]);
  });
});
