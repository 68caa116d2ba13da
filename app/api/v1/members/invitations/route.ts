import { apiRoute } from "@/lib/api/api-route";
import { clientAddress } from "@/lib/api/client-address";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { createInvitation } from "@/lib/members/create-invitation";
import { listInvitations } from "@/lib/members/list-invitations";
import { createInvitationOp, listInvitationsOp } from "@/lib/members/operations";

// POST /api/v1/members/invitations – invite an address with a role; the link is emailed
export const POST = apiRoute(createInvitationOp, ({ auth, body, req }) =>
  createInvitation({ auth, input: body, ipAddress: clientAddress(req) }),
);

// GET /api/v1/members/invitations – invitations with their role and state
export const GET = apiRoute(listInvitationsOp, ({ auth, query }) => listInvitations({ accountId: auth.accountId, page: query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
