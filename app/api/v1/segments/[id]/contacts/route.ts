import { apiRoute } from "@/lib/api/api-route";
import { listSegmentContacts } from "@/lib/segments/list-segment-contacts";
import { listSegmentContactsOp } from "@/lib/segments/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/segments/:id/contacts – the segment's members, newest first (a filtered one: who matches now)
export const GET = apiRoute(listSegmentContactsOp, ({ auth, params, query }) =>
  listSegmentContacts({ accountId: auth.accountId, id: params.id, query }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
