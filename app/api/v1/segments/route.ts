import { apiHandler, created } from "@/lib/api/handler";
import { createSegmentBodySchema, listSegmentsQuerySchema } from "@/lib/segments/schemas";
import { createSegment } from "@/lib/segments/create-segment";
import { listSegments } from "@/lib/segments/list-segments";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/segments – create a static segment {name} (a list; a filter is refused for now)
export const POST = apiHandler({ body: createSegmentBodySchema }, async ({ auth, body }) =>
  created(await createSegment({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/segments – the account's segments (its lists), newest first
export const GET = apiHandler({ query: listSegmentsQuerySchema }, ({ auth, query }) => listSegments({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
