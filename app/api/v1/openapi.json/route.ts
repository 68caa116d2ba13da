import { apiRoute } from "@/lib/api/api-route";
import { openApiDocument } from "@/lib/openapi/build-document";
import { getOpenApiDocumentOp } from "@/lib/openapi/document-operation";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";

// GET /api/v1/openapi.json – the OpenAPI 3.1 document of this API, generated from the operations (no auth)
export const GET = apiRoute(getOpenApiDocumentOp, () => openApiDocument());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET });
