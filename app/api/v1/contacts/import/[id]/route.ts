import { apiHandler } from "@/lib/api/handler";
import { getContactImport } from "@/lib/contacts/import-get";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/import/:id – an import's status, counts and first 100 row errors
export const GET = apiHandler({}, ({ auth, params }) => getContactImport({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
