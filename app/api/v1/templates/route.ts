import { apiHandler, created } from "@/lib/api/handler";
import { createTemplateBodySchema, listTemplatesQuerySchema, TEMPLATE_REQUEST_MAX_BYTES } from "@/lib/templates/schemas";
import { createTemplate } from "@/lib/templates/create-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/templates – create a template; variables derived when omitted
export const POST = apiHandler({ body: createTemplateBodySchema, maxBodyBytes: TEMPLATE_REQUEST_MAX_BYTES }, async ({ auth, body }) =>
  created(await createTemplate({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/templates – list templates, newest first, optional ?search= on the name
export const GET = apiHandler({ query: listTemplatesQuerySchema }, ({ auth, query }) =>
  listTemplates({ accountId: auth.accountId, query }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
