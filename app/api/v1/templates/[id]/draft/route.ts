import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { discardTemplateDraftOp, saveTemplateDraftOp } from "@/lib/templates/operations";
import { saveTemplateDraft } from "@/lib/templates/versions/save-template-draft";
import { discardTemplateDraft } from "@/lib/templates/versions/discard-template-draft";

// PUT /api/v1/templates/:id/draft – save the editor's draft; sends keep the published content
export const PUT = apiRoute(saveTemplateDraftOp, ({ auth, params, body }) =>
  saveTemplateDraft({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/templates/:id/draft – drop the draft
export const DELETE = apiRoute(discardTemplateDraftOp, ({ auth, params }) =>
  discardTemplateDraft({ accountId: auth.accountId, id: params.id }),
);

export const { GET, POST, PATCH, OPTIONS } = refuseOtherMethods({ PUT, DELETE });
