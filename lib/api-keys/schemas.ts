import { z } from "zod";

export const API_KEY_SCOPES = ["full_access", "send:email"] as const;
export type ApiKeyScopeName = (typeof API_KEY_SCOPES)[number];

// Resend's `permission` names the same two powers (its SDK's apiKeys.create sends it).
const PERMISSION_SCOPES = { full_access: "full_access", sending_access: "send:email" } as const;

export const createApiKeyBodySchema = z
  .object({
    name: z.string().trim().min(1, "name is required").max(100),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { message: `scope must be one of: ${API_KEY_SCOPES.join(", ")}` }))
      .min(1, "at least one scope")
      .optional(),
    permission: z.enum(["full_access", "sending_access"], { message: "permission must be full_access or sending_access" }).optional(),
    // Declared so it is refused rather than dropped: ignoring it would make a wider key than asked.
    domain_id: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.domain_id !== undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["domain_id"],
        message: "keys limited to one domain are not supported; use permission or scopes",
      });
    }
    if (body.permission && body.scopes)
      ctx.addIssue({ code: "custom", path: ["permission"], message: "send scopes or permission, not both" });
  })
  .transform(({ name, scopes, permission }): { name: string; scopes?: ApiKeyScopeName[] } => {
    const granted = permission ? [PERMISSION_SCOPES[permission]] : scopes;
    return granted ? { name, scopes: granted } : { name };
  });

export const revokeApiKeyQuerySchema = z.object({
  id: z.string().min(1, "id query parameter is required"),
});

export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
