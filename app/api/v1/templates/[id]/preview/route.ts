import { apiRoute } from "@/lib/api/api-route";
import { previewTemplateOp } from "@/lib/templates/operations";
import { previewTemplate } from "@/lib/templates/preview-template";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/templates/:id/preview – render {subject, html} with the given variables
export const POST = apiRoute(previewTemplateOp, ({ auth, params, body }) =>
  previewTemplate({ accountId: auth.accountId, id: params.id, input: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
