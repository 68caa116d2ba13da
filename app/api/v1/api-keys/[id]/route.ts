import { apiHandler } from "@/lib/api/handler";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// DELETE /api/v1/api-keys/:id – revoke a key (Resend's path; same as DELETE /api-keys?id=)
export const DELETE = apiHandler({}, ({ auth, params }) => revokeApiKey({ accountId: auth.accountId, id: params.id }));

export const { GET, POST, PUT, PATCH, OPTIONS } = refuseOtherMethods({ DELETE });
