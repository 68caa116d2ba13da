import type { ContactImport } from "@/lib/generated/prisma/client";
import type { ImportRowError } from "./import-schemas";

export function serializeContactImport(row: ContactImport) {
  return {
    id: row.id,
    status: row.status,
    listId: row.listId,
    updateExisting: row.updateExisting,
    total: row.total,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    unchanged: row.unchanged,
    errors: row.errors as unknown as ImportRowError[],
    error: row.lastError,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export type ContactImportResponse = ReturnType<typeof serializeContactImport>;
