import { apiRoute } from "@/lib/api/api-route";
import { listEventNames } from "@/lib/events/list-event-names";
import { listEventNamesOp } from "@/lib/events/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/events/names – the event names seen on the account, with counts
export const GET = apiRoute(listEventNamesOp, ({ auth }) => listEventNames({ accountId: auth.accountId }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
