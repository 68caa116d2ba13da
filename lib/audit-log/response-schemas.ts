import { z } from "zod";
import { idOf, jsonValue, paginationSchema, timestamp } from "@/lib/openapi/common";

export const auditEntryResponseSchema = z
  .object({
    id: idOf("aud"),
    seq: z.number().int().meta({ description: "The entry's place in the account's chain, from 1." }),
    createdAt: timestamp,
    actor: z.object({
      type: z.enum(["member", "api_key", "system"]),
      id: z.string(),
      label: z.string().nullable().meta({ description: "The member's email, when a member acted." }),
    }),
    action: z.string().meta({ example: "api_key.created" }),
    target: z.object({ type: z.string(), id: z.string().nullable() }),
    ipAddress: z.string().nullable(),
    summary: jsonValue.meta({ description: "A short before/after summary: changed fields, the state after, a role before and after." }),
    hash: z.string().meta({ description: "SHA-256 over the previous entry's hash and this entry's fields." }),
  })
  .meta({ id: "AuditLogEntry" });

export const listAuditLogResponseSchema = z.object({
  object: z.literal("list"),
  has_more: z.boolean(),
  data: z.array(auditEntryResponseSchema),
  pagination: paginationSchema,
});
