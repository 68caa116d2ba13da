import { apiRoute } from "@/lib/api/api-route";
import { createContactProperty } from "@/lib/contact-properties/create-contact-property";
import { listContactProperties } from "@/lib/contact-properties/list-contact-properties";
import { createContactPropertyOp, listContactPropertiesOp } from "@/lib/contact-properties/operations";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/contact-properties – declare a typed property {key, type, fallback_value?}
export const POST = apiRoute(createContactPropertyOp, ({ auth, body }) =>
  createContactProperty({ accountId: auth.accountId, input: body }),
);

// GET /api/v1/contact-properties – the declared properties, by key
export const GET = apiRoute(listContactPropertiesOp, ({ auth }) => listContactProperties({ accountId: auth.accountId }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
