import { apiHandler } from "@/lib/api/handler";
import { deleteDomain } from "@/lib/domains/delete-domain";
import { getDomain } from "@/lib/domains/get-domain";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/domains/:id – a domain with its records and the last check's diagnosis
export const GET = apiHandler({}, ({ auth, params }) => getDomain({ accountId: auth.accountId, id: params.id }));

// DELETE /api/v1/domains/:id – remove a domain and its DKIM key
export const DELETE = apiHandler({}, ({ auth, params }) => deleteDomain({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ GET, DELETE });
