import { apiRoute } from "@/lib/api/api-route";
import { createSegment } from "@/lib/segments/create-segment";
import { listSegments } from "@/lib/segments/list-segments";
import { createSegmentOp, listSegmentsOp } from "@/lib/segments/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/segments – create a segment {name, filter?}: without a filter a static list, with one computed members
export const POST = apiRoute(createSegmentOp, ({ auth, body }) => createSegment({ accountId: auth.accountId, input: body }));

// GET /api/v1/segments – the account's segments (its lists), newest first
export const GET = apiRoute(listSegmentsOp, ({ auth, query }) => listSegments({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
