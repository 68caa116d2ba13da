import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contactNameFrom, parseCsvHeader, propertyKeyFor, resolveImportMapping } from "./import-csv";
import { streamCsvRows } from "./stream-csv-rows";

const rowsOf = async (csv: string) => {
  const rows: string[][] = [];
  for await (const row of streamCsvRows(csv)) rows.push(row);
  return rows;
};

describe("import-csv", () => {
  it("parses quotes, embedded newlines and a BOM", async () => {
    const csv = '\uFEFFemail,note\n a@example.com ,"line one\nline two, with comma"\n';
    expect(parseCsvHeader(csv)).toEqual(["email", "note"]);
    expect((await rowsOf(csv)).slice(0, 2)).toEqual([
      ["email", "note"],
      ["a@example.com", "line one\nline two, with comma"],
    ]);
  });

  it("streams rows whole across the parser's 64 KB slices (quoted cells, CRLF split at a slice's end)", async () => {
    // Rows of varied length, so slice boundaries fall inside quotes and between \r and \n.
    const rows = Array.from({ length: 20_000 }, (_, i) => [`user${i}@example.com`, `"note ${"x".repeat(i % 37)},\r\n${i}"`]);
    const csv = ["email,note", ...rows.map((r) => r.join(","))].join("\r\n") + "\r\n";
    const parsed = await rowsOf(csv);
    expect(parsed.length).toBe(rows.length + 1);
    expect(parsed[0]).toEqual(["email", "note"]);
    for (const [i, row] of rows.entries()) {
      expect(parsed[i + 1]).toEqual([row[0], `note ${"x".repeat(i % 37)},\r\n${i}`]);
    }
  });

  it("reads the largest file an import takes (5 MB of one-character rows) in a 48 MB heap", () => {
    // Parsed whole, these 2.6 million rows are hundreds of MB of arrays: the heap limit kills the
    // child. Streamed, it counts them in a few MB.
    const child = spawnSync(
      process.execPath,
      ["--max-old-space-size=48", "--import", "tsx", path.join(process.cwd(), "tests", "helpers", "csv-heap-child.ts")],
      { encoding: "utf8", timeout: 120_000 },
    );
    expect(child.stderr).not.toMatch(/heap out of memory/);
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe(String((5 * 1024 * 1024) / 2));
  }, 130_000);

  it("makes column names into property names", () => {
    expect(propertyKeyFor("First Name")).toBe("first_name");
    expect(propertyKeyFor(" Last-Name ")).toBe("last_name");
    expect(propertyKeyFor("signupDate")).toBe("signup_date");
    expect(propertyKeyFor("Plan  Tier")).toBe("plan_tier");
    expect(propertyKeyFor("2024 spend ($)")).toBe("_2024_spend");
    expect(propertyKeyFor("  ")).toBeNull();
  });

  it("detects the email and name columns and maps the rest to properties", () => {
    expect(resolveImportMapping(["Name", "E-mail", "Plan"])).toEqual({
      email: 1,
      name: 0,
      firstName: null,
      lastName: null,
      properties: [{ column: 2, key: "plan" }],
    });
    expect(resolveImportMapping(["First Name", "Last Name", "Email"])).toEqual({
      email: 2,
      name: null,
      firstName: 0,
      lastName: 1,
      properties: [
        { column: 0, key: "first_name" },
        { column: 1, key: "last_name" },
      ],
    });
    expect(resolveImportMapping(["Email Address", "x"])).toMatchObject({ email: 0, name: null });
    expect(resolveImportMapping(["addr", "who", "tier", "junk"], { email: "addr", name: "who", properties: { tier: "plan" } })).toEqual({
      email: 0,
      name: 1,
      firstName: null,
      lastName: null,
      properties: [{ column: 2, key: "plan" }],
    });
    expect(() => resolveImportMapping(["name"])).toThrow(/no email column/);
    expect(() => resolveImportMapping(["email"], { email: "mail" })).toThrow(/no column named "mail"/);
  });

  it("joins first and last names when there is no name column", () => {
    const mapping = { name: null, firstName: 0, lastName: 1 };
    expect(contactNameFrom(["Ada", "Lovelace"], mapping)).toBe("Ada Lovelace");
    expect(contactNameFrom(["", "Lovelace"], mapping)).toBe("Lovelace");
    expect(contactNameFrom(["", ""], mapping)).toBe("");
    expect(contactNameFrom(["Ada", "Lovelace", "Countess"], { ...mapping, name: 2 })).toBe("Countess");
  });
});
