import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listTemplateUsesOp } from "@/lib/templates/operations";
import { listTemplateUses } from "@/lib/templates/versions/list-template-uses";

// GET /api/v1/templates/:id/uses – active automations and scheduled broadcasts using the template
export const GET = apiRoute(listTemplateUsesOp, ({ auth, params }) => listTemplateUses({ accountId: auth.accountId, id: params.id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
