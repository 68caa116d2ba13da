import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { publishSdkTemplateOp } from "@/lib/templates/operations";
import { publishSdkTemplate } from "@/lib/templates/sdk/sdk-templates";

// POST /api/v1/resend/templates/:identifier/publish – templates.publish: the draft is sent from now on
export const POST = apiRoute(publishSdkTemplateOp, ({ auth, params }) =>
  publishSdkTemplate({ accountId: auth.accountId, identifier: params.identifier, by: auth }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
