import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { publishTemplateOp } from "@/lib/templates/operations";
import { publishTemplate } from "@/lib/templates/versions/publish-template";
import { serializeTemplate } from "@/lib/templates/serialize-template";

// POST /api/v1/templates/:id/publish – publish the draft as the next version
export const POST = apiRoute(publishTemplateOp, async ({ auth, params }) =>
  serializeTemplate(await publishTemplate({ accountId: auth.accountId, id: params.id, by: auth })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ POST });
