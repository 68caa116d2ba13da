import type { Metadata } from "next";
import { AutomationBuilderLoader } from "@/components/automations/automation-builder-loader";

export const metadata: Metadata = { title: "Automation" };

export default async function AutomationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <AutomationBuilderLoader id={id} />;
}
