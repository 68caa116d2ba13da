import type { Metadata } from "next";
import { ApiReferenceLoader } from "@/components/docs/api-reference-loader";

export const metadata: Metadata = { title: "API reference" };

// GET /docs/api – the API reference, rendered from GET /api/v1/openapi.json
export default function ApiReferencePage() {
  return <ApiReferenceLoader />;
}
