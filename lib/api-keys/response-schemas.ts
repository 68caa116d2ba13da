import { z } from "zod";
import { idOf, listOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";
import { API_KEY_SCOPES } from "./schemas";

export const apiKeyResponseSchema = z
  .object({
    id: idOf("key"),
    name: z.string(),
    prefix: z.string().meta({ example: "mw_Ab3d" }),
    isActive: z.boolean(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    lastUsedAt: nullableTimestamp,
    createdAt: timestamp,
  })
  .meta({ id: "ApiKey" });

/** The create response: the only place the full key ever appears. */
export const createdApiKeyResponseSchema = apiKeyResponseSchema
  .extend({
    key: z.string().meta({ example: "mw_Ab3dEf5gHi7jKl9mNo1pQr3sTu5vWx7yZa9bCd1e" }),
    token: z.string().meta({ description: "The same value as key (the name Resend's SDK reads)." }),
  })
  .meta({ id: "CreatedApiKey" });

export const listApiKeysResponseSchema = listOf(apiKeyResponseSchema);
