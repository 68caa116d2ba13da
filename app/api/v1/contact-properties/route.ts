import { apiHandler, created } from "@/lib/api/handler";
import { createContactPropertyBodySchema } from "@/lib/contact-properties/schemas";
import { createContactProperty } from "@/lib/contact-properties/create-contact-property";
import { listContactProperties } from "@/lib/contact-properties/list-contact-properties";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/contact-properties – declare a typed property {key, type, fallback_value?}
export const POST = apiHandler({ body: createContactPropertyBodySchema }, async ({ auth, body }) =>
  created(await createContactProperty({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/contact-properties – the declared properties, by key
export const GET = apiHandler({}, ({ auth }) => listContactProperties({ accountId: auth.accountId }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
