import { apiHandler } from "@/lib/api/handler";
import { listEventNames } from "@/lib/events/list-event-names";

// GET /api/v1/events/names – the event names seen on the account, with counts
export const GET = apiHandler({}, ({ auth }) => listEventNames({ accountId: auth.accountId }));
