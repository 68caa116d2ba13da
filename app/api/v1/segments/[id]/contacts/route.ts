import { apiRoute } from "@/lib/api/api-route";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import { listContacts } from "@/lib/contacts/list-contacts";
import { listSegmentContactsOp } from "@/lib/segments/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/segments/:id/contacts – the segment's members, newest first
export const GET = apiRoute(listSegmentContactsOp, async ({ auth, params, query }) => {
  const list = await getListOrThrow({ accountId: auth.accountId, id: params.id });
  return listContacts({ accountId: auth.accountId, query: { ...query, list: list.id } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
