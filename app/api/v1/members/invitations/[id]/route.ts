import { apiRoute } from "@/lib/api/api-route";
import { clientAddress } from "@/lib/api/client-address";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { revokeInvitationOp } from "@/lib/members/operations";
import { revokeInvitation } from "@/lib/members/revoke-invitation";

// DELETE /api/v1/members/invitations/:id – revoke a pending invitation
export const DELETE = apiRoute(revokeInvitationOp, ({ auth, params, req }) =>
  revokeInvitation({ auth, id: params.id, ipAddress: clientAddress(req) }),
);

export const { GET, POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ DELETE });
