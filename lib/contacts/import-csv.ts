import Papa from "papaparse";
import { ApiError } from "@/lib/api/errors";
import { CONTACT_PROPERTIES_MAX, propertyNameSchema } from "./schemas";
import { IMPORT_COLUMNS_MAX, IMPORT_ROW_MAX_CHARS, type ImportMapping, type ResolvedImportMapping } from "./import-schemas";

const EMAIL_HEADERS = ["email", "e-mail", "email address", "e-mail address", "emailaddress", "mail"];
const NAME_HEADERS = ["name", "full name", "fullname", "contact name"];
const FIRST_NAME_HEADERS = ["first name", "firstname", "first", "given name", "forename"];
const LAST_NAME_HEADERS = ["last name", "lastname", "last", "surname", "family name"];

const normalize = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\s-]+/g, " ");

/** Parses CSV text into rows of cells (quotes, embedded newlines and a BOM handled by papaparse): the dashboard's preview. */
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

/** "First Name" -> "first_name": a column name made into a lower snake_case property name. */
export function propertyKeyFor(header: string): string | null {
  let key = header
    .trim()
    // "firstName" -> "first Name": camelCase words split before lowering.
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!key) return null;
  if (!/^[a-z_]/.test(key)) key = `_${key}`;
  key = key.slice(0, 100);
  return propertyNameSchema.safeParse(key).success ? key : null;
}

export function detectEmailColumn(header: string[]): number {
  return header.findIndex((h) => EMAIL_HEADERS.some((known) => normalize(known) === normalize(h)));
}

export function detectNameColumn(header: string[]): number {
  return header.findIndex((h) => NAME_HEADERS.includes(normalize(h)));
}

/** "First Name", "first_name", "firstName", "Given name": the column whose cells are first names. */
export function detectFirstNameColumn(header: string[]): number {
  return header.findIndex((h) => FIRST_NAME_HEADERS.includes(normalize(h.replace(/([a-z])([A-Z])/g, "$1 $2"))));
}

export function detectLastNameColumn(header: string[]): number {
  return header.findIndex((h) => LAST_NAME_HEADERS.includes(normalize(h.replace(/([a-z])([A-Z])/g, "$1 $2"))));
}

/** The contact's name from a row: the name column, else the first and last name joined. */
export function contactNameFrom(cells: string[], mapping: Pick<ResolvedImportMapping, "name" | "firstName" | "lastName">): string {
  if (mapping.name !== null) return (cells[mapping.name] ?? "").slice(0, 200);
  const parts = [mapping.firstName, mapping.lastName].map((column) =>
    column === null || column === undefined ? "" : (cells[column] ?? ""),
  );
  return parts.filter(Boolean).join(" ").slice(0, 200);
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
  const optionalColumn = (column: string | null | undefined, path: string, detect: (header: string[]) => number) => {
    if (mapping) return column ? columnIndex(header, column, path) : null;
    const index = detect(header);
    return index === -1 || index === email ? null : index;
  };
  const name = optionalColumn(mapping?.name, "mapping.name", detectNameColumn);
  const firstName = optionalColumn(mapping?.firstName, "mapping.firstName", detectFirstNameColumn);
  const lastName = optionalColumn(mapping?.lastName, "mapping.lastName", detectLastNameColumn);
  let properties: ResolvedImportMapping["properties"];
  if (mapping?.properties) {
    properties = Object.entries(mapping.properties).map(([column, key]) => ({
      column: columnIndex(header, column, `mapping.properties.${column}`),
      key,
    }));
  } else {
    // First and last names stay properties too (first_name, last_name), for greetings in templates.
    const seen = new Set<string>();
    properties = header.flatMap((h, column) => {
      if (column === email || column === name) return [];
      const key = propertyKeyFor(h);
      if (!key || seen.has(key)) return [];
      seen.add(key);
      return [{ column, key }];
    });
  }
  if (properties.length > CONTACT_PROPERTIES_MAX) {
    throw new ApiError(
      "validation_error",
      `csv: ${properties.length} property columns; a contact has at most ${CONTACT_PROPERTIES_MAX} (choose them with mapping.properties)`,
      [{ path: mapping?.properties ? "mapping.properties" : "csv", message: `at most ${CONTACT_PROPERTIES_MAX} property columns` }],
    );
  }
  return { email, name, firstName, lastName, properties };
}
