import Link from "next/link";
import type { ReferenceSection } from "@/lib/openapi/reference-sections";
import { apiReferenceSections } from "@/lib/openapi/reference-sections";
import { ApiOperation } from "./api-operation";
import { ApiSectionsNav } from "./api-sections-nav";

// One section of the API reference (a tag of the OpenAPI document) with its operations in full.
export function ApiReferenceSection({ section }: { section: ReferenceSection }) {
  return (
    <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
      <ApiSectionsNav sections={apiReferenceSections()} current={section.slug} />
      <div className="min-w-0">
        <p className="text-sm text-zinc-500">
          <Link prefetch={false} href="/docs/api" className="hover:underline">
            API reference
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900">{section.tag}</h1>
        {section.description && <p className="mt-2 max-w-3xl text-sm text-zinc-600">{section.description}</p>}
        <p className="mt-2 text-sm text-zinc-600">
          Paths are under <code className="font-mono text-zinc-900">/api/v1</code>.
        </p>
        <div className="mt-6 space-y-4">
          {section.operations.map((operation) => (
            <ApiOperation key={operation.id} operation={operation} />
          ))}
        </div>
      </div>
    </div>
  );
}
