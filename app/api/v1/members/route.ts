import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listMembers } from "@/lib/members/list-members";
import { listMembersOp } from "@/lib/members/operations";

// GET /api/v1/members – the account's members and their roles
export const GET = apiRoute(listMembersOp, ({ auth, query }) => listMembers({ accountId: auth.accountId, page: query }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
