import { apiHandler, created } from "@/lib/api/handler";
import { AUTOMATION_REQUEST_MAX_BYTES, createAutomationBodySchema, listAutomationsQuerySchema } from "@/lib/automations/schemas";
import { createAutomation } from "@/lib/automations/create-automation";
import { listAutomations } from "@/lib/automations/list-automations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/automations – create an automation (paused) with its trigger and steps
export const POST = apiHandler({ body: createAutomationBodySchema, maxBodyBytes: AUTOMATION_REQUEST_MAX_BYTES }, async ({ auth, body }) =>
  created(await createAutomation({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/automations – list automations, newest first; ?status=paused|active
export const GET = apiHandler({ query: listAutomationsQuerySchema }, ({ auth, query }) =>
  listAutomations({ accountId: auth.accountId, query }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
