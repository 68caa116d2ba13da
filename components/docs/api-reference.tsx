import { openApiDocument } from "@/lib/openapi/build-document";
import { referenceSections } from "@/lib/openapi/reference-sections";
import { ApiOperation } from "./api-operation";

// The API reference, rendered on the server from the same OpenAPI document GET
// /api/v1/openapi.json serves: nothing loads from elsewhere and no script runs for it. A list of
// the sections leads to each tag's operations.
export function ApiReference() {
  const doc = openApiDocument();
  const sections = referenceSections(doc);
  return (
    <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-10">
      <nav aria-label="API sections" className="mb-6 lg:sticky lg:top-6 lg:mb-0 lg:self-start">
        <ul className="flex flex-wrap gap-2 text-sm lg:flex-col lg:gap-1">
          {sections.map((s) => (
            <li key={s.slug}>
              <a
                href={`#${s.slug}`}
                className="block rounded-md px-2 py-1 text-zinc-600 ring-1 ring-zinc-200 hover:bg-zinc-100 hover:text-zinc-900 lg:ring-0"
              >
                {s.tag}
              </a>
            </li>
          ))}
        </ul>
      </nav>
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
          <section key={section.slug} id={section.slug} aria-labelledby={`${section.slug}-heading`} className="mt-10 scroll-mt-20">
            <h2 id={`${section.slug}-heading`} className="text-lg font-semibold text-zinc-900">
              {section.tag}
            </h2>
            {section.description && <p className="mt-1 text-sm text-zinc-600">{section.description}</p>}
            <div className="mt-4 space-y-4">
              {section.operations.map((operation) => (
                <ApiOperation key={operation.id} operation={operation} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
