import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { listTemplateVersionsOp } from "@/lib/templates/operations";
import { listTemplateVersions } from "@/lib/templates/versions/list-template-versions";

// GET /api/v1/templates/:id/versions – published versions, newest first
export const GET = apiRoute(listTemplateVersionsOp, ({ auth, params }) =>
  listTemplateVersions({ accountId: auth.accountId, id: params.id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
