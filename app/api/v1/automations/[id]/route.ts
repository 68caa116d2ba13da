import { apiRoute } from "@/lib/api/api-route";
import { getAutomationResponse } from "@/lib/automations/get-automation-or-throw";
import { deleteAutomationOp, getAutomationOp, updateAutomationOp, updateAutomationPutOp } from "@/lib/automations/operations";
import { updateAutomation } from "@/lib/automations/update-automation";
import { deleteAutomation } from "@/lib/automations/delete-automation";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/automations/:id – one automation with steps and enrollment stats
export const GET = apiRoute(getAutomationOp, ({ auth, params }) => getAutomationResponse({ accountId: auth.accountId, id: params.id }));

// PATCH /api/v1/automations/:id – change name, description, from; the trigger only while paused
export const PATCH = apiRoute(updateAutomationOp, ({ auth, params, body }) =>
  updateAutomation({ accountId: auth.accountId, id: params.id, input: body }),
);

// PUT /api/v1/automations/:id – same as PATCH (PUT and PATCH both update)
export const PUT = apiRoute(updateAutomationPutOp, PATCH.handler);

// DELETE /api/v1/automations/:id – delete an automation with its steps and enrollments
export const DELETE = apiRoute(deleteAutomationOp, ({ auth, params }) => deleteAutomation({ accountId: auth.accountId, id: params.id }));

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
