import Link from "next/link";
import type { ReferenceSection } from "@/lib/openapi/reference-sections";

// A section's link; the one of the page open (aria-current) is marked.
const LINK =
  "block rounded-md px-2 py-1 text-zinc-600 ring-1 ring-zinc-200 hover:bg-zinc-100 hover:text-zinc-900 lg:ring-0 aria-[current=page]:bg-zinc-100 aria-[current=page]:font-medium aria-[current=page]:text-zinc-900";

/** The reference's sections, each a page of its own; `current` is marked for the page open. */
export function ApiSectionsNav({ sections, current }: { sections: ReferenceSection[]; current?: string }) {
  return (
    <nav aria-label="API sections" className="mb-6 lg:sticky lg:top-6 lg:mb-0 lg:self-start">
      <ul className="flex flex-wrap gap-2 text-sm lg:flex-col lg:gap-1">
        <li>
          <Link prefetch={false} href="/docs/api" aria-current={current ? undefined : "page"} className={LINK}>
            Overview
          </Link>
        </li>
        {sections.map((s) => (
          <li key={s.slug}>
            <Link prefetch={false} href={`/docs/api/${s.slug}`} aria-current={s.slug === current ? "page" : undefined} className={LINK}>
              {s.tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
