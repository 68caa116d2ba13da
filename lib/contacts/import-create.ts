import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/clock/clock";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { wakePoller } from "@/lib/jobs/poller-wake";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import { assertStaticList } from "@/lib/lists/assert-static-list";
import { parseCsvHeader, resolveImportMapping } from "./import-csv";
import { contactImportJob } from "./import-job";
import { serializeContactImport } from "./import-serialize";
import type { ImportContactsBody } from "./import-schemas";

/**
 * Checks the header row and mapping now (a bad mapping is the caller's 400, not a failed job),
 * then stores the import with its job in one transaction; the rows are processed by the job.
 */
export async function createContactImport(options: { accountId: string; input: ImportContactsBody }) {
  const { accountId, input } = options;
  const mapping = resolveImportMapping(parseCsvHeader(input.csv), input.mapping);
  if (input.listId) assertStaticList(await getListOrThrow({ accountId, id: input.listId }));
  const at = now();
  const row = await getDb().$transaction(async (tx) => {
    const created = await tx.contactImport.create({
      data: {
        id: newId("imp"),
        accountId,
        listId: input.listId ?? null,
        csv: input.csv,
        mapping: { ...mapping },
        updateExisting: input.updateExisting,
        createdAt: at,
        updatedAt: at,
      },
    });
    await enqueueJob(contactImportJob, { importId: created.id }, { tx, dedupeKey: `contacts.import:${created.id}`, accountId });
    return created;
  });
  wakePoller();
  return serializeContactImport(row);
}
