import { apiRoute } from "@/lib/api/api-route";
import { listPropertyKeys } from "@/lib/contacts/list-property-keys";
import { listContactPropertyKeysOp } from "@/lib/contacts/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/properties – the contact property keys in use, the most used first (at most 100)
export const GET = apiRoute(listContactPropertyKeysOp, ({ auth }) => listPropertyKeys({ accountId: auth.accountId }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
