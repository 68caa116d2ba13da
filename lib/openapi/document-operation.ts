import { z } from "zod";
import { defineOperation } from "@/lib/api/define-operation";

/** GET /openapi.json's own response: an OpenAPI 3.1 document (described loosely, not recursively). */
const openApiDocumentResponseSchema = z.looseObject({
  openapi: z.string().meta({ example: "3.1.0" }),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const getOpenApiDocumentOp = defineOperation({
  method: "GET",
  path: "/openapi.json",
  id: "getOpenApiDocument",
  summary: "This OpenAPI 3.1 document",
  tag: "Meta",
  public: true,
  response: openApiDocumentResponseSchema,
});
