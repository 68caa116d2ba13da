import { apiRoute } from "@/lib/api/api-route";
import { getContactImport } from "@/lib/contacts/import-get";
import { getContactImportOp } from "@/lib/contacts/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/import/:id – an import's status, counts and first 100 row errors
export const GET = apiRoute(getContactImportOp, ({ auth, params }) => getContactImport({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
