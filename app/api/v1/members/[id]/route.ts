import { apiRoute } from "@/lib/api/api-route";
import { clientAddress } from "@/lib/api/client-address";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { removeMemberOp, updateMemberOp } from "@/lib/members/operations";
import { removeMember } from "@/lib/members/remove-member";
import { updateMemberRole } from "@/lib/members/update-member-role";

// PATCH /api/v1/members/:id – change a member's role; their sessions end
export const PATCH = apiRoute(updateMemberOp, ({ auth, params, body, req }) =>
  updateMemberRole({ auth, memberId: params.id, role: body.role, ipAddress: clientAddress(req) }),
);

// DELETE /api/v1/members/:id – remove a member; their sessions end
export const DELETE = apiRoute(removeMemberOp, ({ auth, params, req }) =>
  removeMember({ auth, memberId: params.id, ipAddress: clientAddress(req) }),
);

export const { GET, POST, PUT, OPTIONS } = refuseOtherMethods({ PATCH, DELETE });
