import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { INDUSTRIES } from "./define-scenario";

export const listScenariosQuerySchema = paginationQuerySchema.extend({
  industry: z.enum(INDUSTRIES, { message: `industry must be one of: ${INDUSTRIES.join(", ")}` }).optional(),
});
