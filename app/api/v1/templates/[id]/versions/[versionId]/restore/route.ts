import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { restoreTemplateVersionOp } from "@/lib/templates/operations";
import { restoreTemplateVersion } from "@/lib/templates/versions/restore-template-version";

// POST /api/v1/templates/:id/versions/:versionId/restore – the version becomes the draft
export const POST = apiRoute(restoreTemplateVersionOp, ({ auth, params }) =>
  restoreTemplateVersion({ accountId: auth.accountId, id: params.id, versionId: params.versionId }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
