import { apiHandler } from "@/lib/api/handler";
import { listPropertyKeys } from "@/lib/contacts/list-property-keys";

// GET /api/v1/contacts/properties – the contact property keys in use, the most used first (at most 100)
export const GET = apiHandler({}, ({ auth }) => listPropertyKeys({ accountId: auth.accountId }));
