import { apiRoute } from "@/lib/api/api-route";
import { getEventDefinitionOp, removeEventDefinitionOp, updateEventDefinitionOp } from "@/lib/events/operations";
import { getEventDefinition, removeEventDefinition, updateEventDefinition } from "@/lib/events/event-definitions";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/resend/events/:identifier – events.get, by id or name
export const GET = apiRoute(getEventDefinitionOp, ({ auth, params }) =>
  getEventDefinition({ accountId: auth.accountId, identifier: params.identifier }),
);

// PATCH /api/v1/resend/events/:identifier – events.update: replace the schema
export const PATCH = apiRoute(updateEventDefinitionOp, ({ auth, params, body }) =>
  updateEventDefinition({ accountId: auth.accountId, identifier: params.identifier, input: body }),
);

// DELETE /api/v1/resend/events/:identifier – events.remove
export const DELETE = apiRoute(removeEventDefinitionOp, ({ auth, params }) =>
  removeEventDefinition({ accountId: auth.accountId, identifier: params.identifier }),
);

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
