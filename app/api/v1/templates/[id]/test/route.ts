import { apiRoute } from "@/lib/api/api-route";
import { testTemplateOp } from "@/lib/templates/operations";
import { sendTestTemplate } from "@/lib/templates/send-test-template";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/templates/:id/test – send one test email of the template, as its preview shows it
export const POST = apiRoute(testTemplateOp, ({ auth, params, body }) =>
  sendTestTemplate({ accountId: auth.accountId, id: params.id, input: body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
