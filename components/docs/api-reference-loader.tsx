"use client";

import dynamic from "next/dynamic";

// Scalar renders in the browser only (its React wrapper is client-side; on the server it would
// only validate the document and log).
const ApiReference = dynamic(() => import("./api-reference"), {
  ssr: false,
  loading: () => <p className="text-sm text-zinc-500">Loading the API reference…</p>,
});

export function ApiReferenceLoader() {
  return (
    <div className="-mx-4 sm:-mx-8">
      <ApiReference />
    </div>
  );
}
