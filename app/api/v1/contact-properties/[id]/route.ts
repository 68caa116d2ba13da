import { apiRoute } from "@/lib/api/api-route";
import { getContactPropertyOrThrow } from "@/lib/contact-properties/get-contact-property-or-throw";
import { serializeContactProperty } from "@/lib/contact-properties/serialize-contact-property";
import { updateContactProperty } from "@/lib/contact-properties/update-contact-property";
import { deleteContactProperty } from "@/lib/contact-properties/delete-contact-property";
import { deleteContactPropertyOp, getContactPropertyOp, updateContactPropertyOp } from "@/lib/contact-properties/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/contact-properties/:id – one declared property
export const GET = apiRoute(getContactPropertyOp, async ({ auth, params }) =>
  serializeContactProperty(await getContactPropertyOrThrow({ accountId: auth.accountId, id: params.id })),
);

// PATCH /api/v1/contact-properties/:id – change the fallback value {fallback_value}
export const PATCH = apiRoute(updateContactPropertyOp, ({ auth, params, body }) =>
  updateContactProperty({ accountId: auth.accountId, id: params.id, input: body }),
);

// DELETE /api/v1/contact-properties/:id – remove the declaration (values stay, untyped)
export const DELETE = apiRoute(deleteContactPropertyOp, ({ auth, params }) =>
  deleteContactProperty({ accountId: auth.accountId, id: params.id }),
);

export const { POST, PUT, OPTIONS } = refuseOtherMethods({ GET, PATCH, DELETE });
