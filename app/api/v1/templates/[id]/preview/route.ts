import { apiHandler } from "@/lib/api/handler";
import { previewTemplateBodySchema, TEMPLATE_REQUEST_MAX_BYTES } from "@/lib/templates/schemas";
import { previewTemplate } from "@/lib/templates/preview-template";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/templates/:id/preview – render {subject, html} with the given variables
export const POST = apiHandler({ body: previewTemplateBodySchema, maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES }, ({ auth, params, body }) =>
  previewTemplate({ accountId: auth.accountId, id: params.id, input: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
