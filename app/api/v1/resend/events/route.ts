import { apiRoute } from "@/lib/api/api-route";
import { createEventDefinitionOp, listEventDefinitionsOp } from "@/lib/events/operations";
import { createEventDefinition, listEventDefinitions } from "@/lib/events/event-definitions";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// The `resend` SDK's event definitions (an SDK client's base URL is /api/v1/resend).

// POST /api/v1/resend/events – events.create: declare a name and its payload's types
export const POST = apiRoute(createEventDefinitionOp, ({ auth, body }) =>
  createEventDefinition({ accountId: auth.accountId, input: body }),
);

// GET /api/v1/resend/events – events.list, newest first
export const GET = apiRoute(listEventDefinitionsOp, ({ auth, query }) =>
  listEventDefinitions({ accountId: auth.accountId, limit: query.limit, offset: query.offset }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
