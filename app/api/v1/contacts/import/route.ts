import { apiRoute } from "@/lib/api/api-route";
import { createContactImport } from "@/lib/contacts/import-create";
import { importContactsOp } from "@/lib/contacts/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/contacts/import – start a CSV import ({csv, listId?, mapping?}); rows run as a job
export const POST = apiRoute(importContactsOp, ({ auth, body }) => createContactImport({ accountId: auth.accountId, input: body }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
