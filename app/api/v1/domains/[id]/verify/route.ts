import { apiHandler } from "@/lib/api/handler";
import { verifyDomain } from "@/lib/domains/verify-domain";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/domains/:id/verify – check DNS now; 200 with status and dns booleans either way
export const POST = apiHandler({}, ({ auth, params }) => verifyDomain({ accountId: auth.accountId, id: params.id }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
