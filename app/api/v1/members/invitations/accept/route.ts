import { apiRoute } from "@/lib/api/api-route";
import { clientAddress } from "@/lib/api/client-address";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { acceptInvitation } from "@/lib/members/accept-invitation";
import { acceptInvitationOp } from "@/lib/members/operations";

// POST /api/v1/members/invitations/accept – accept with the link's token and a password (no key)
export const POST = apiRoute(acceptInvitationOp, ({ body, req }) => acceptInvitation({ input: body, ipAddress: clientAddress(req) }));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
