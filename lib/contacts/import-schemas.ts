import { z } from "zod";
import { propertyNameSchema } from "./schemas";

// POST /api/v1/contacts/import: the CSV as text in JSON (keeps the one API wrapper), 5 MB at most.
export const IMPORT_CSV_MAX_CHARS = 5 * 1024 * 1024;
export const IMPORT_BODY_MAX_BYTES = IMPORT_CSV_MAX_CHARS + 256 * 1024;
// Rows committed together (one transaction; a crash repeats at most one chunk).
export const IMPORT_CHUNK_SIZE = 1000;
export const IMPORT_ERRORS_MAX = 100;
// One row: at most this many columns and characters; a longer data row is skipped
// with a row error, a longer header row refuses the import.
export const IMPORT_COLUMNS_MAX = 200;
export const IMPORT_ROW_MAX_CHARS = 64 * 1024;

const columnSchema = z.string({ message: "a column must be a header name" }).min(1, "a column must be a header name").max(200);

export const importMappingSchema = z
  .object({
    email: columnSchema,
    name: columnSchema.nullish(),
    // Joined into the contact's name when there is no name column ("Ada" + "Lovelace").
    firstName: columnSchema.nullish(),
    lastName: columnSchema.nullish(),
    // {column: property}; when given, only these columns become properties.
    properties: z.record(columnSchema, propertyNameSchema).optional(),
  })
  .strict();

export const importContactsBodySchema = z
  .object({
    csv: z
      .string({ message: "csv must be the file's text" })
      .min(1, "csv is empty")
      .max(IMPORT_CSV_MAX_CHARS, `csv must be at most ${IMPORT_CSV_MAX_CHARS} characters`),
    listId: z.string().min(1).nullish(),
    mapping: importMappingSchema.optional(),
    // false: contacts already in the account keep their name and properties; the import only
    // creates new contacts and adds list memberships.
    updateExisting: z.boolean({ message: "updateExisting must be a boolean" }).optional().default(true),
  })
  .strict();

export type ImportMapping = z.infer<typeof importMappingSchema>;
export type ImportContactsBody = z.infer<typeof importContactsBodySchema>;
export type ImportContactsInput = z.input<typeof importContactsBodySchema>;

/** The mapping stored on the import: column indexes resolved against the header row. */
export interface ResolvedImportMapping {
  email: number;
  name: number | null;
  /** Absent on imports stored before first/last name columns were recognised. */
  firstName?: number | null;
  lastName?: number | null;
  properties: { column: number; key: string }[];
}

export interface ImportRowError {
  row: number;
  message: string;
}
