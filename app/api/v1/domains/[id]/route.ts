import { apiRoute } from "@/lib/api/api-route";
import { deleteDomain } from "@/lib/domains/delete-domain";
import { getDomain } from "@/lib/domains/get-domain";
import { deleteDomainOp, getDomainOp, updateDomainOp } from "@/lib/domains/operations";
import { updateDomain } from "@/lib/domains/update-domain";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/domains/:id – a domain with its records and the last check's diagnosis
export const GET = apiRoute(getDomainOp, ({ auth, params }) => getDomain({ accountId: auth.accountId, id: params.id }));

// PATCH /api/v1/domains/:id – receiving on or off ({capabilities: {receiving}}) and its addresses
export const PATCH = apiRoute(updateDomainOp, ({ auth, params, body }) =>
  updateDomain({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/domains/:id – remove a domain and its DKIM key
export const DELETE = apiRoute(deleteDomainOp, ({ auth, params }) => deleteDomain({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
