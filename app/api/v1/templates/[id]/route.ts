import { apiHandler } from "@/lib/api/handler";
import { serializeTemplate } from "@/lib/templates/serialize-template";
import { TEMPLATE_REQUEST_MAX_BYTES, updateTemplateBodySchema } from "@/lib/templates/schemas";
import { getTemplateOrThrow } from "@/lib/templates/get-template-or-throw";
import { updateTemplate } from "@/lib/templates/update-template";
import { deleteTemplate } from "@/lib/templates/delete-template";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/templates/:id – one template
export const GET = apiHandler({}, async ({ auth, params }) =>
  serializeTemplate(await getTemplateOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PUT /api/v1/templates/:id – change the fields given
export const PUT = apiHandler({ body: updateTemplateBodySchema, maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES }, ({ auth, params, body }) =>
  updateTemplate({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/templates/:id – delete a template; 409 while an automation step uses it
export const DELETE = apiHandler({}, ({ auth, params }) => deleteTemplate({ accountId: auth.accountId, id: params.id }));

export const { POST, PATCH, OPTIONS } = refuseOtherMethods({ GET, PUT, DELETE });
