import { apiHandler } from "@/lib/api/handler";
import { openApiDocument } from "@/lib/openapi/build-document";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/openapi.json – the OpenAPI 3.1 document of this API, generated from the zod schemas (no auth)
export const GET = apiHandler({ public: true }, async () => openApiDocument());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
