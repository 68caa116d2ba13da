import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { duplicateSdkTemplateOp } from "@/lib/templates/operations";
import { duplicateSdkTemplate } from "@/lib/templates/sdk/sdk-templates";

// POST /api/v1/resend/templates/:identifier/duplicate – templates.duplicate: a draft copy
export const POST = apiRoute(duplicateSdkTemplateOp, ({ auth, params }) =>
  duplicateSdkTemplate({ accountId: auth.accountId, identifier: params.identifier }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
