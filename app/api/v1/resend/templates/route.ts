import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { createSdkTemplateOp, listSdkTemplatesOp } from "@/lib/templates/operations";
import { createSdkTemplate, listSdkTemplates } from "@/lib/templates/sdk/sdk-templates";

// The `resend` SDK's templates (an SDK client's base URL is /api/v1/resend).

// POST /api/v1/resend/templates – templates.create: a draft
export const POST = apiRoute(createSdkTemplateOp, ({ auth, body }) => createSdkTemplate({ accountId: auth.accountId, input: body }));

// GET /api/v1/resend/templates – templates.list, newest first
export const GET = apiRoute(listSdkTemplatesOp, ({ auth, query }) =>
  listSdkTemplates({ accountId: auth.accountId, limit: query.limit, offset: query.offset }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
