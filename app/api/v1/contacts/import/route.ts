import { apiHandler, created } from "@/lib/api/handler";
import { IMPORT_BODY_MAX_BYTES, importContactsBodySchema } from "@/lib/contacts/import-schemas";
import { createContactImport } from "@/lib/contacts/import-create";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/contacts/import – start a CSV import ({csv, listId?, mapping?}); rows run as a job
export const POST = apiHandler({ body: importContactsBodySchema, maxBodyBytes: IMPORT_BODY_MAX_BYTES }, async ({ auth, body }) =>
  created(await createContactImport({ accountId: auth.accountId, input: body })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
