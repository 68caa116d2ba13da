import { apiRoute } from "@/lib/api/api-route";
import { getListOrThrow } from "@/lib/lists/get-list-or-throw";
import { renameSegment } from "@/lib/segments/rename-segment";
import { describeSegment } from "@/lib/segments/serialize-segment";
import { deleteList } from "@/lib/lists/delete-list";
import { deleteSegmentOp, getSegmentOp, updateSegmentOp } from "@/lib/segments/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/segments/:id – one segment with its member count now (a filtered one: counted live)
export const GET = apiRoute(getSegmentOp, async ({ auth, params }) =>
  describeSegment(await getListOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PATCH /api/v1/segments/:id – rename a segment {name?, filter?} (a filtered one's filter may change)
export const PATCH = apiRoute(updateSegmentOp, ({ auth, params, body }) =>
  renameSegment({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/segments/:id – delete a segment (its list; the contacts stay)
export const DELETE = apiRoute(deleteSegmentOp, async ({ auth, params }) => {
  const { id } = await deleteList({ accountId: auth.accountId, id: params.id });
  return { object: "segment" as const, id, deleted: true as const };
});

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
