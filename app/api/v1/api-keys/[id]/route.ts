import { apiRoute } from "@/lib/api/api-route";
import { revokeApiKeyByIdOp } from "@/lib/api-keys/operations";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// DELETE /api/v1/api-keys/:id – revoke a key (Resend's path; same as DELETE /api-keys?id=)
export const DELETE = apiRoute(revokeApiKeyByIdOp, ({ auth, params }) => revokeApiKey({ accountId: auth.accountId, id: params.id }));

export const { GET, POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ DELETE });
