import { z } from "zod";

// The account's frequency cap as PUT /account takes it (frequency-cap-wait.ts applies it).
// Pure, so the dashboard's forms validate with it too.

export const FREQUENCY_CAP_MAX = 1000;

export const frequencyCapSchema = z
  .object({
    perDay: z.number().int().min(1, "perDay must be at least 1").max(FREQUENCY_CAP_MAX).optional(),
    perWeek: z.number().int().min(1, "perWeek must be at least 1").max(FREQUENCY_CAP_MAX).optional(),
  })
  .strict()
  .refine((c) => c.perDay !== undefined || c.perWeek !== undefined, "set perDay, perWeek or both (null removes the cap)");

export type FrequencyCap = z.infer<typeof frequencyCapSchema>;
