import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "API reference" };

// GET /docs/api – the API reference, rendered from the OpenAPI document of GET /api/v1/openapi.json
export default function ApiReferencePage() {
  return <ApiReference />;
}
