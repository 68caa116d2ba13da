import Link from "next/link";
import { openApiDocument } from "@/lib/openapi/build-document";
import { apiReferenceSections } from "@/lib/openapi/reference-sections";
import { ApiSectionsNav } from "./api-sections-nav";
import { MethodBadge } from "./method-badge";

// The API reference's first page, rendered on the server from the same OpenAPI document GET
// /api/v1/openapi.json serves (nothing loads from elsewhere, no script runs for it): what the API
// is, then every operation in one line under its section, each leading to its section's page,
// where operations are laid out in full. One page for all of them held 25,000 elements.
export function ApiReference() {
  const doc = openApiDocument();
  const sections = apiReferenceSections();
  return (
    <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
      <ApiSectionsNav sections={sections} />
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{doc.info.title}</h1>
        <p className="mt-2 max-w-3xl text-sm text-zinc-600">{doc.info.description.replaceAll("`", "")}</p>
        <p className="mt-2 text-sm text-zinc-600">
          Base URL <code className="font-mono text-zinc-900">/api/v1</code>, version {doc.info.version}.{" "}
          <a className="font-medium text-brand-700 underline" href="/api/v1/openapi.json" download="mailwright-openapi.json">
            Download the OpenAPI document
          </a>
        </p>
        {sections.map((section) => (
          <section key={section.slug} aria-labelledby={`${section.slug}-heading`} className="mt-8">
            <h2 id={`${section.slug}-heading`} className="text-lg font-semibold text-zinc-900">
              <Link prefetch={false} href={`/docs/api/${section.slug}`} className="hover:underline">
                {section.tag}
              </Link>
            </h2>
            {section.description && <p className="mt-1 text-sm text-zinc-600">{section.description}</p>}
            <ul className="mt-3 divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white text-sm">
              {section.operations.map((operation) => (
                <li key={operation.id}>
                  <Link
                    prefetch={false}
                    href={`/docs/api/${section.slug}#${operation.id}`}
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 hover:bg-zinc-50"
                  >
                    <MethodBadge method={operation.method} className="w-16 text-center" />
                    <code className="min-w-0 font-mono text-[13px] break-all text-zinc-800">{operation.path}</code>
                    <span className="text-zinc-600">{operation.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
