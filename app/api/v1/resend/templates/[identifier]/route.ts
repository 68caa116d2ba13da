import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { getSdkTemplateOp, removeSdkTemplateOp, updateSdkTemplateOp } from "@/lib/templates/operations";
import { getSdkTemplate, removeSdkTemplate, updateSdkTemplate } from "@/lib/templates/sdk/sdk-templates";

// GET /api/v1/resend/templates/:identifier – templates.get, by id or alias
export const GET = apiRoute(getSdkTemplateOp, ({ auth, params }) =>
  getSdkTemplate({ accountId: auth.accountId, identifier: params.identifier }),
);

// PATCH /api/v1/resend/templates/:identifier – templates.update: edit the draft
export const PATCH = apiRoute(updateSdkTemplateOp, ({ auth, params, body }) =>
  updateSdkTemplate({ accountId: auth.accountId, identifier: params.identifier, input: body }),
);

// DELETE /api/v1/resend/templates/:identifier – templates.remove
export const DELETE = apiRoute(removeSdkTemplateOp, ({ auth, params }) =>
  removeSdkTemplate({ accountId: auth.accountId, identifier: params.identifier }),
);

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
