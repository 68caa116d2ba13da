import { apiRoute } from "@/lib/api/api-route";
import { serializeTemplate } from "@/lib/templates/serialize-template";
import { getTemplateOrThrow } from "@/lib/templates/get-template-or-throw";
import { deleteTemplateOp, getTemplateOp, updateTemplateOp, updateTemplatePatchOp } from "@/lib/templates/operations";
import { updateTemplate } from "@/lib/templates/update-template";
import { deleteTemplate } from "@/lib/templates/delete-template";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/templates/:id – one template
export const GET = apiRoute(getTemplateOp, async ({ auth, params }) =>
  serializeTemplate(await getTemplateOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PUT /api/v1/templates/:id – change the fields given; published at once (the next send uses it)
export const PUT = apiRoute(updateTemplateOp, ({ auth, params, body }) =>
  updateTemplate({ accountId: auth.accountId, id: params.id, input: body, by: auth }),
);

// PATCH /api/v1/templates/:id – as PUT
export const PATCH = apiRoute(updateTemplatePatchOp, PUT.handler);

// DELETE /api/v1/templates/:id – delete a template; 409 while an automation step uses it
export const DELETE = apiRoute(deleteTemplateOp, ({ auth, params }) => deleteTemplate({ accountId: auth.accountId, id: params.id }));

export const { POST, OPTIONS } = refuseOtherMethods({ GET, PUT, PATCH, DELETE });
