"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

// The API reference, rendered in the browser by Scalar from the document GET /api/v1/openapi.json
// serves. Everything it needs ships in the bundle: no default fonts (they come from Scalar's
// CDN), no telemetry, no AI agent (it calls Scalar's servers), so the page works offline.
// e2e/api-reference.spec.ts fails on any request that leaves this server.
export default function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/v1/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        hideClientButton: true,
        hideDarkModeToggle: true,
        forceDarkModeState: "light",
        showDeveloperTools: "never",
        documentDownloadType: "json",
        layout: "modern",
      }}
    />
  );
}
