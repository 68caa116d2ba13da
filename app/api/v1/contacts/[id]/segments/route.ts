import { apiRoute } from "@/lib/api/api-route";
import { resolveContactId } from "@/lib/contacts/resolve-contact-id";
import { listContactSegments } from "@/lib/segments/list-contact-segments";
import { listContactSegmentsOp } from "@/lib/segments/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contacts/:id/segments – the segments (lists) the contact is in (:id or email)
export const GET = apiRoute(listContactSegmentsOp, async ({ auth, params }) =>
  listContactSegments({
    accountId: auth.accountId,
    contactId: await resolveContactId({ accountId: auth.accountId, idOrEmail: params.id }),
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
