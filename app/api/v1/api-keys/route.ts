import { apiHandler, created } from "@/lib/api/handler";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { createApiKeyBodySchema, revokeApiKeyQuerySchema } from "@/lib/api-keys/schemas";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/api-keys – create a key; the key value is returned only here
export const POST = apiHandler({ body: createApiKeyBodySchema }, async ({ auth, body }) =>
  created(await createApiKey({ accountId: auth.accountId, input: body })),
);

// GET /api/v1/api-keys – list keys (prefix only, never the key)
export const GET = apiHandler({ query: paginationQuerySchema }, ({ auth, query }) =>
  listApiKeys({ accountId: auth.accountId, page: query }),
);

// DELETE /api/v1/api-keys?id=<id> – revoke a key
export const DELETE = apiHandler({ query: revokeApiKeyQuerySchema }, ({ auth, query }) =>
  revokeApiKey({ accountId: auth.accountId, id: query.id }),
);

export const { PUT, PATCH, OPTIONS } = refuseOtherMethods({ GET, POST, DELETE });
