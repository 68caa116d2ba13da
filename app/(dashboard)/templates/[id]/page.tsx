import type { Metadata } from "next";
import { TemplateEditorLoader } from "@/components/templates/template-editor-loader";

export const metadata: Metadata = { title: "Template" };

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TemplateEditorLoader id={id} />;
}
