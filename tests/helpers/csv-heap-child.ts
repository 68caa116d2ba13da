// Run by lib/contacts/import-csv.test.ts under a small V8 heap: streams the largest CSV an import accepts
// (IMPORT_CSV_MAX_CHARS of "a\n" rows) and prints how many rows it read.
import { IMPORT_CSV_MAX_CHARS } from "@/lib/contacts/import-schemas";
import { streamCsvRows } from "@/lib/contacts/stream-csv-rows";

const csv = "a\n".repeat(IMPORT_CSV_MAX_CHARS / 2);
let rows = 0;
for await (const row of streamCsvRows(csv)) if (row[0] === "a") rows += 1;
process.stdout.write(`${rows}\n`);
