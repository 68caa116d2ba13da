import Papa from "papaparse";
import { ApiError } from "@/lib/api/errors";
import { CONTACT_PROPERTIES_MAX, propertyNameSchema } from "./schemas";
import { IMPORT_COLUMNS_MAX, IMPORT_ROW_MAX_CHARS, type ImportMapping, type ResolvedImportMapping } from "./import-schemas";

const EMAIL_HEADERS = ["email", "e-mail", "email address", "e-mail address", "emailaddress", "mail"];
const NAME_HEADERS = ["name", "full name", "fullname", "contact name"];

const normalize = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, " ");

/** Parses CSV text into rows of cells (quotes, embedded newlines and a BOM handled by papaparse). */
export function parseCsvRows(csv: string): string[][] {
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  const result = Papa.parse<string[]>(text, { skipEmptyLines: false });
  return result.data.map((row) => row.map((cell) => (cell ?? "").trim()));
}

/** Only the header row, without parsing the rest of a large file. */
export function parseCsvHeader(csv: string): string[] {
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  const result = Papa.parse<string[]>(text, { preview: 1 });
  return (result.data[0] ?? []).map((cell) => (cell ?? "").trim());
}

export const isBlankRow = (row: string[]) => row.every((cell) => cell === "");

/** Why a row is over the per-row caps (columns, characters), or null. */
export function rowSizeProblem(row: string[]): string | null {
  if (row.length > IMPORT_COLUMNS_MAX) return `the row has ${row.length} columns; at most ${IMPORT_COLUMNS_MAX}`;
  const chars = row.reduce((n, cell) => n + cell.length + 1, 0);
  if (chars > IMPORT_ROW_MAX_CHARS) return `the row is larger than ${IMPORT_ROW_MAX_CHARS / 1024} KB`;
  return null;
}

/** "First Name" -> "First_Name": a column name made into a valid property name. */
export function propertyKeyFor(header: string): string | null {
  let key = header
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!key) return null;
  if (!/^[A-Za-z_]/.test(key)) key = `_${key}`;
  key = key.slice(0, 100);
  return propertyNameSchema.safeParse(key).success ? key : null;
}

export function detectEmailColumn(header: string[]): number {
  return header.findIndex((h) => EMAIL_HEADERS.includes(normalize(h)));
}

export function detectNameColumn(header: string[]): number {
  return header.findIndex((h) => NAME_HEADERS.includes(normalize(h)));
}

function columnIndex(header: string[], column: string, path: string): number {
  const index = header.indexOf(column);
  if (index === -1) {
    throw new ApiError("validation_error", `${path}: no column named "${column}" in the header row`, [
      { path, message: `no column named "${column}"` },
    ]);
  }
  return index;
}

/**
 * Resolves the header row against the mapping (or auto-detects): the email column is required;
 * without `mapping.properties` every other non-empty column becomes a property of its own name.
 */
export function resolveImportMapping(header: string[], mapping?: ImportMapping): ResolvedImportMapping {
  if (!header.length || isBlankRow(header)) {
    throw new ApiError("validation_error", "csv: the first row must be a header row naming the columns", [
      { path: "csv", message: "header row missing" },
    ]);
  }
  const tooBig = rowSizeProblem(header);
  if (tooBig) {
    throw new ApiError("validation_error", `csv: header row: ${tooBig}`, [{ path: "csv", message: `header row: ${tooBig}` }]);
  }
  const email = mapping ? columnIndex(header, mapping.email, "mapping.email") : detectEmailColumn(header);
  if (email === -1) {
    throw new ApiError("validation_error", "csv: no email column found; name it email or send mapping.email", [
      { path: "mapping.email", message: "no email column found" },
    ]);
  }
  const name = mapping
    ? mapping.name
      ? columnIndex(header, mapping.name, "mapping.name")
      : null
    : detectNameColumn(header) === -1
      ? null
      : detectNameColumn(header);
  let properties: ResolvedImportMapping["properties"];
  if (mapping?.properties) {
    properties = Object.entries(mapping.properties).map(([column, key]) => ({
      column: columnIndex(header, column, `mapping.properties.${column}`),
      key,
    }));
  } else {
    properties = header.flatMap((h, column) => {
      if (column === email || column === name) return [];
      const key = propertyKeyFor(h);
      return key ? [{ column, key }] : [];
    });
  }
  if (properties.length > CONTACT_PROPERTIES_MAX) {
    throw new ApiError(
      "validation_error",
      `csv: ${properties.length} property columns; a contact has at most ${CONTACT_PROPERTIES_MAX} (choose them with mapping.properties)`,
      [{ path: mapping?.properties ? "mapping.properties" : "csv", message: `at most ${CONTACT_PROPERTIES_MAX} property columns` }],
    );
  }
  return { email, name, properties };
}
