import { CsvError } from "csv-parse";
import { getDb, type Tx } from "@/lib/db/client";
import { PermanentJobError } from "@/lib/jobs/job-errors";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { activeAutomations, evaluateContactEvent } from "@/lib/automations/triggers/evaluate-contact-event";
import type { JobContext } from "@/lib/jobs/define-job";
import type { Contact } from "@/lib/generated/prisma/client";
import { contactEmailSchema, PROPERTY_VALUE_MAX, type ContactProperties } from "./schemas";
import { contactNameFrom, isBlankRow, rowSizeProblem } from "./import-csv";
import { streamCsvRows } from "./stream-csv-rows";
import { insertContactsSql, joinListSql, lockContactsByEmailSql } from "./import-run-sql";
import { fanOutContactEvents, type ContactEventType } from "./fan-out-contact-events";
import { mergeContactProperties, TooManyPropertiesError } from "./merge-contact-properties";
import { declaredPropertyTypes } from "@/lib/contact-properties/check-typed-properties";
import { parsePropertyText } from "@/lib/contact-properties/property-types";
import { IMPORT_CHUNK_SIZE, IMPORT_ERRORS_MAX, type ImportRowError, type ResolvedImportMapping } from "./import-schemas";

interface DataRow {
  /** Spreadsheet row number: the header is row 1. */
  row: number;
  cells: string[];
}

interface ChunkCounts {
  created: number;
  updated: number;
  skipped: number;
  unchanged: number;
  errors: ImportRowError[];
}

/** The file's non-blank data rows (after the header), numbered as a spreadsheet numbers them. */
async function* dataRows(csv: string): AsyncGenerator<DataRow> {
  let index = 0;
  for await (const cells of streamCsvRows(csv)) {
    index += 1;
    if (index > 1 && !isBlankRow(cells)) yield { row: index, cells };
  }
}

/**
 * Processes one import from its last committed row. Each chunk of rows and the import's
 * progress commit in one transaction, so a crash repeats at most the chunk it was in.
 */
export async function runContactImport(importId: string, ctx: Pick<JobContext, "attempt" | "maxAttempts">) {
  const db = getDb();
  const row = await db.contactImport.findUnique({ where: { id: importId } });
  if (!row || row.status === "completed" || row.status === "failed") return { skipped: true };
  try {
    const mapping = row.mapping as unknown as ResolvedImportMapping;
    // Streamed twice (count, then import) rather than parsed whole: a 5 MB file of short rows
    // parsed at once is hundreds of MB of arrays, and the worker runs under a bounded heap.
    let total = 0;
    for await (const _ of dataRows(row.csv)) total += 1;
    await db.contactImport.update({
      where: { id: importId },
      data: { status: "running", total, updatedAt: now() },
      select: { id: true },
    });
    let processed = row.processed;
    const commit = (chunk: DataRow[]) =>
      db.$transaction(async (tx) => {
        // Not the file: a chunk reads and writes only the progress (the row holds the whole CSV).
        const current = await tx.contactImport.findUniqueOrThrow({ where: { id: importId }, select: { processed: true, errors: true } });
        const counts = await importChunk(tx, {
          accountId: row.accountId,
          listId: row.listId,
          updateExisting: row.updateExisting,
          mapping,
          chunk,
        });
        const errors = [...(current.errors as unknown as ImportRowError[]), ...counts.errors].slice(0, IMPORT_ERRORS_MAX);
        const next = current.processed + chunk.length;
        await tx.contactImport.update({
          where: { id: importId },
          data: {
            processed: next,
            created: { increment: counts.created },
            updated: { increment: counts.updated },
            skipped: { increment: counts.skipped },
            unchanged: { increment: counts.unchanged },
            errors: errors as object[],
            updatedAt: now(),
          },
          select: { id: true },
        });
        return next;
      });
    // Rows before `processed` were committed by an earlier attempt: skipped, not imported again.
    let seen = 0;
    let chunk: DataRow[] = [];
    for await (const data of dataRows(row.csv)) {
      if (seen++ < processed) continue;
      chunk.push(data);
      if (chunk.length === IMPORT_CHUNK_SIZE) {
        processed = await commit(chunk);
        chunk = [];
      }
    }
    if (chunk.length) processed = await commit(chunk);
    const at = now();
    // The file is needed only to resume: a finished import keeps its counts, not its contacts' data.
    await db.contactImport.update({
      where: { id: importId },
      data: { status: "completed", csv: "", finishedAt: at, updatedAt: at },
      select: { id: true },
    });
    return { processed };
  } catch (error) {
    // A file that does not parse (a quote never closed) fails the same way on every attempt:
    // found by the counting pass, before any chunk commits, it fails the import at once.
    const malformed = error instanceof CsvError;
    // Otherwise the job retries; only the last attempt marks the import failed for the dashboard.
    if (malformed || ctx.attempt >= ctx.maxAttempts) {
      const at = now();
      const message = malformed ? `csv: ${error.message}` : ((error as Error).message ?? "import failed");
      await db.contactImport.update({
        where: { id: importId },
        data: { status: "failed", lastError: message.slice(0, 500), finishedAt: at, updatedAt: at },
      });
      if (malformed) throw new PermanentJobError(message);
    }
    throw error;
  }
}

async function importChunk(
  tx: Tx,
  options: { accountId: string; listId: string | null; updateExisting: boolean; mapping: ResolvedImportMapping; chunk: DataRow[] },
): Promise<ChunkCounts> {
  const { accountId, listId, updateExisting, mapping, chunk } = options;
  const counts: ChunkCounts = { created: 0, updated: 0, skipped: 0, unchanged: 0, errors: [] };
  const list = listId ? await tx.contactList.findFirst({ where: { id: listId, accountId } }) : null;
  if (listId && !list) throw new Error("the import's list was deleted");
  // The account's active automations, read once for the chunk's contacts (none: no evaluation).
  const active = await activeAutomations(tx, accountId);
  const automations = active.length > 0;
  // Cells are text: a declared property's are parsed as its type, and a row with one that is
  // not is skipped with an error naming the property.
  const types = await declaredPropertyTypes(
    tx,
    accountId,
    mapping.properties.map((p) => p.key),
  );

  const parsed = chunk.flatMap((r) => {
    const tooBig = rowSizeProblem(r.cells);
    if (tooBig) {
      counts.skipped += 1;
      counts.errors.push({ row: r.row, message: tooBig });
      return [];
    }
    const email = contactEmailSchema.safeParse(r.cells[mapping.email] ?? "");
    if (!email.success) {
      counts.skipped += 1;
      const raw = r.cells[mapping.email] ?? "";
      counts.errors.push({ row: r.row, message: raw ? `invalid email "${raw.slice(0, 100)}"` : "missing email" });
      return [];
    }
    const properties: ContactProperties = {};
    for (const { column, key } of mapping.properties) {
      const value = r.cells[column];
      if (!value) continue;
      const type = types.get(key);
      const parsed = type ? parsePropertyText(type, value) : { value: value.slice(0, PROPERTY_VALUE_MAX) };
      if ("problem" in parsed) {
        counts.skipped += 1;
        counts.errors.push({ row: r.row, message: `${key}: "${value.slice(0, 100)}" ${parsed.problem}` });
        return [];
      }
      properties[key] = parsed.value;
    }
    const name = contactNameFrom(r.cells, { name: mapping.name, firstName: mapping.firstName ?? null, lastName: mapping.lastName ?? null });
    return [{ row: r.row, email: email.data, name, properties }];
  });
  if (!parsed.length) return counts;

  // Lock the rows being merged into, as updateContact does, so a PATCH in between is not lost.
  const emails = [...new Set(parsed.map((p) => p.email))];
  const existing = await lockContactsByEmailSql(tx, accountId, emails);
  const byEmail = new Map<string, Contact>(existing.map((c) => [c.email, c]));
  const at = now();

  const touched: Contact[] = [];
  // The chunk's contact changes, fanned out to webhooks together once the rows are written.
  const changes: { type: ContactEventType; contact: Contact }[] = [];
  // New addresses (the first row of each not yet in the account) are created in one statement,
  // in row order; every other row (an existing contact, or an address again further down the
  // chunk) then follows it, in row order, as before.
  const creating = new Map<string, (typeof parsed)[number]>();
  for (const p of parsed) if (!byEmail.has(p.email) && !creating.has(p.email)) creating.set(p.email, p);
  const created: Contact[] = [...creating.values()].map((p) => ({
    id: newId("con"),
    accountId,
    email: p.email,
    name: p.name || null,
    properties: p.properties,
    subscribed: true,
    unsubscribedAt: null,
    createdAt: at,
    updatedAt: at,
  }));
  if (created.length) await insertContactsSql(tx, created);
  for (const contact of created) {
    counts.created += 1;
    byEmail.set(contact.email, contact);
    if (automations) await evaluateContactEvent(tx, { type: "created", accountId, contact }, { active });
    touched.push(contact);
    changes.push({ type: "contact.created", contact });
  }
  for (const p of parsed) {
    if (creating.get(p.email) === p) continue;
    const found = byEmail.get(p.email)!;
    if (!updateExisting) {
      // Left as it is: only the list membership below may change.
      counts.unchanged += 1;
      touched.push(found);
    } else {
      const previous = (found.properties ?? {}) as ContactProperties;
      let properties: ContactProperties;
      try {
        properties = mergeContactProperties(previous, p.properties);
      } catch (error) {
        if (!(error instanceof TooManyPropertiesError)) throw error;
        counts.skipped += 1;
        counts.errors.push({ row: p.row, message: error.message });
        continue;
      }
      const contact = await tx.contact.update({
        where: { id: found.id },
        data: { name: p.name || undefined, properties, updatedAt: at },
      });
      counts.updated += 1;
      byEmail.set(p.email, contact);
      if (automations) await evaluateContactEvent(tx, { type: "updated", accountId, contact, previousProperties: previous }, { active });
      touched.push(contact);
      changes.push({ type: "contact.updated", contact });
    }
  }

  // One read of the webhooks per chunk; the events and their deliveries only when one subscribes.
  await fanOutContactEvents(tx, { accountId, at, changes });

  if (list) {
    const ids = [...new Set(touched.map((c) => c.id))];
    const joining = await joinListSql(tx, { listId: list.id, contactIds: ids, at });
    if (automations) {
      const byId = new Map([...byEmail.values()].map((c) => [c.id, c]));
      for (const id of joining) {
        const contact = byId.get(id)!;
        await evaluateContactEvent(tx, { type: "list_joined", accountId, contact, listName: list.name }, { active });
      }
    }
  }
  return counts;
}
