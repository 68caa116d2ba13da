import { describe, expect, it } from "vitest";
import { contactNameFrom, parseCsvHeader, parseCsvRows, propertyKeyFor, resolveImportMapping } from "./import-csv";

describe("import-csv", () => {
  it("parses quotes, embedded newlines and a BOM", () => {
    const csv = '\uFEFFemail,note\n a@example.com ,"line one\nline two, with comma"\n';
    expect(parseCsvHeader(csv)).toEqual(["email", "note"]);
    expect(parseCsvRows(csv).slice(0, 2)).toEqual([
      ["email", "note"],
      ["a@example.com", "line one\nline two, with comma"],
    ]);
  });

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
