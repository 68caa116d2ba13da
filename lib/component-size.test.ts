import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A component file stays short enough to read whole: no .tsx file under components/ or app/ is
// over MAX_LINES lines. A longer one is split into parts (hooks, subcomponents) of its own.
const MAX_LINES = 250;
const ROOTS = ["components", "app"];
const root = path.resolve(import.meta.dirname, "..");

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

/** Lines as an editor counts them: a final newline ends the last line rather than starting one. */
function lineCount(text: string): number {
  if (!text) return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

describe("component size", () => {
  it(`keeps every .tsx file under ${ROOTS.join("/ and ")}/ at ${MAX_LINES} lines or fewer`, () => {
    const files = ROOTS.flatMap((dir) => tsxFiles(path.join(root, dir)));
    expect(files.length).toBeGreaterThan(0);
    const over = files
      .map((file) => ({ file: path.relative(root, file), lines: lineCount(readFileSync(file, "utf8")) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file} (${lines} lines)`);
    expect(over, `split these into smaller parts: ${over.join(", ")}`).toEqual([]);
  });

  it("counts lines as an editor does", () => {
    expect(lineCount("")).toBe(0);
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
  });
});
