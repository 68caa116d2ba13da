import { apiRoute } from "@/lib/api/api-route";
import { deleteDomain } from "@/lib/domains/delete-domain";
import { getDomain } from "@/lib/domains/get-domain";
import { deleteDomainOp, getDomainOp } from "@/lib/domains/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/domains/:id – a domain with its records and the last check's diagnosis
export const GET = apiRoute(getDomainOp, ({ auth, params }) => getDomain({ accountId: auth.accountId, id: params.id }));

// DELETE /api/v1/domains/:id – remove a domain and its DKIM key
export const DELETE = apiRoute(deleteDomainOp, ({ auth, params }) => deleteDomain({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ GET, DELETE });
