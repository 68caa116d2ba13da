import { defineOperation } from "@/lib/api/define-operation";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { createApiKeyBodySchema, revokeApiKeyQuerySchema } from "./schemas";
import { apiKeyResponseSchema, createdApiKeyResponseSchema, listApiKeysResponseSchema } from "./response-schemas";

export const createApiKeyOp = defineOperation({
  method: "POST",
  path: "/api-keys",
  id: "createApiKey",
  summary: "Create an API key (the key is shown only here)",
  tag: "API keys",
  body: createApiKeyBodySchema,
  status: 201,
  response: createdApiKeyResponseSchema,
  errors: ["limit_reached"],
  example: { name: "CI server", scopes: ["send:email"] },
});

export const listApiKeysOp = defineOperation({
  method: "GET",
  path: "/api-keys",
  id: "listApiKeys",
  summary: "List API keys (prefix only)",
  tag: "API keys",
  query: paginationQuerySchema,
  response: listApiKeysResponseSchema,
});

export const revokeApiKeyOp = defineOperation({
  method: "DELETE",
  path: "/api-keys",
  id: "revokeApiKey",
  summary: "Revoke an API key (?id=)",
  tag: "API keys",
  query: revokeApiKeyQuerySchema,
  response: apiKeyResponseSchema,
  errors: ["not_found"],
});

/** Resend's path for the same revoke. */
export const revokeApiKeyByIdOp = defineOperation({
  method: "DELETE",
  path: "/api-keys/{id}",
  id: "revokeApiKeyById",
  summary: "Revoke an API key (as ?id=)",
  tag: "API keys",
  response: apiKeyResponseSchema,
});
