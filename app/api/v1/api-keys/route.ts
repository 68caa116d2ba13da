import { apiRoute } from "@/lib/api/api-route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { createApiKeyOp, listApiKeysOp, revokeApiKeyOp } from "@/lib/api-keys/operations";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// POST /api/v1/api-keys – create a key; the key value is returned only here
export const POST = apiRoute(createApiKeyOp, ({ auth, body }) => createApiKey({ accountId: auth.accountId, input: body }));

// GET /api/v1/api-keys – list keys (prefix only, never the key)
export const GET = apiRoute(listApiKeysOp, ({ auth, query }) => listApiKeys({ accountId: auth.accountId, page: query }));

// DELETE /api/v1/api-keys?id=<id> – revoke a key
export const DELETE = apiRoute(revokeApiKeyOp, ({ auth, query }) => revokeApiKey({ accountId: auth.accountId, id: query.id }));

export const { PUT, PATCH, OPTIONS } = refuseOtherMethods({ GET, POST, DELETE });
