import { apiRoute } from "@/lib/api/api-route";
import { createTemplate } from "@/lib/templates/create-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { createTemplateOp, listTemplatesOp } from "@/lib/templates/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/templates – create a template, published as version 1; variables derived when omitted
export const POST = apiRoute(createTemplateOp, ({ auth, body }) => createTemplate({ accountId: auth.accountId, input: body, by: auth }));

// GET /api/v1/templates – list templates, newest first, optional ?search= on the name
export const GET = apiRoute(listTemplatesOp, ({ auth, query }) => listTemplates({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
