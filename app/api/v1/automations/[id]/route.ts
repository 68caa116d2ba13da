import { apiHandler } from "@/lib/api/handler";
import { updateAutomationBodySchema } from "@/lib/automations/schemas";
import { getAutomationResponse } from "@/lib/automations/get-automation-or-throw";
import { updateAutomation } from "@/lib/automations/update-automation";
import { deleteAutomation } from "@/lib/automations/delete-automation";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id – one automation with steps and enrollment stats
export const GET = apiHandler({}, ({ auth, params }) => getAutomationResponse({ accountId: auth.accountId, id: params.id }));

// PATCH /api/v1/automations/:id – change name, description, from; the trigger only while paused
export const PATCH = apiHandler({ body: updateAutomationBodySchema }, ({ auth, params, body }) =>
  updateAutomation({ accountId: auth.accountId, id: params.id, input: body }),
);

// PUT /api/v1/automations/:id – same as PATCH (DESIGN 3: PUT and PATCH both update)
export const PUT = PATCH;

// DELETE /api/v1/automations/:id – delete an automation with its steps and enrollments
export const DELETE = apiHandler({}, ({ auth, params }) => deleteAutomation({ accountId: auth.accountId, id: params.id }));

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
