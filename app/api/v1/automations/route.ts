import { apiRoute } from "@/lib/api/api-route";
import { createAutomation } from "@/lib/automations/create-automation";
import { listAutomations } from "@/lib/automations/list-automations";
import { createAutomationOp, listAutomationsOp } from "@/lib/automations/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations – create an automation (paused) with its trigger and steps
export const POST = apiRoute(createAutomationOp, ({ auth, body }) => createAutomation({ accountId: auth.accountId, input: body }));

// GET /api/v1/automations – list automations, newest first; ?status=paused|active
export const GET = apiRoute(listAutomationsOp, ({ auth, query }) => listAutomations({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
