import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiReferenceSection } from "@/components/docs/api-reference-section";
import { apiReferenceSections } from "@/lib/openapi/reference-sections";

const sectionOf = async (params: Promise<{ section: string }>) => {
  const { section } = await params;
  return apiReferenceSections().find((s) => s.slug === section);
};

export async function generateMetadata({ params }: { params: Promise<{ section: string }> }): Promise<Metadata> {
  const section = await sectionOf(params);
  return { title: section ? `${section.tag} · API reference` : "API reference" };
}

// GET /docs/api/:section – one section of the API reference with its operations in full
export default async function ApiReferenceSectionPage({ params }: { params: Promise<{ section: string }> }) {
  const section = await sectionOf(params);
  if (!section) notFound();
  return <ApiReferenceSection section={section} />;
}
