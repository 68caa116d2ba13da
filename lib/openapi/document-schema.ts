import { z } from "zod";

/** GET /openapi.json's own response: an OpenAPI 3.1 document (described loosely, not recursively). */
export const openApiDocumentResponseSchema = z.looseObject({
  openapi: z.string().meta({ example: "3.1.0" }),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
