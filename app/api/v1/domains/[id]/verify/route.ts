import { apiRoute } from "@/lib/api/api-route";
import { verifyDomainOp } from "@/lib/domains/operations";
import { verifyDomain } from "@/lib/domains/verify-domain";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/domains/:id/verify – check DNS now; 200 with status and dns booleans either way
export const POST = apiRoute(verifyDomainOp, ({ auth, params }) => verifyDomain({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
