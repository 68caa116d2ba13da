import { z } from "zod";

export const API_KEY_SCOPES = ["full_access", "send:email"] as const;
export type ApiKeyScopeName = (typeof API_KEY_SCOPES)[number];

export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, "name is required").max(100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { message: `scope must be one of: ${API_KEY_SCOPES.join(", ")}` }))
    .min(1, "at least one scope")
    .optional(),
});

export const revokeApiKeyQuerySchema = z.object({
  id: z.string().min(1, "id query parameter is required"),
});

export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
