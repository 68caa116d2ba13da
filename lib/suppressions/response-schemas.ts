import { z } from "zod";
import { SuppressionReason } from "@/lib/generated/prisma/enums";
import { idOf, listOf, timestamp } from "@/lib/openapi/common";

export const suppressionResponseSchema = z
  .object({ id: idOf("sup"), email: z.string(), reason: z.enum(SuppressionReason), emailId: idOf("em").nullable(), createdAt: timestamp })
  .meta({ id: "Suppression" });

export const listSuppressionsResponseSchema = listOf(suppressionResponseSchema);

export const deleteSuppressionResponseSchema = z.object({ email: z.string(), deleted: z.literal(true) });
