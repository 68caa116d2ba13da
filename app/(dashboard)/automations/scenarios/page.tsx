import type { Metadata } from "next";
import { ScenarioGallery } from "@/components/automations/scenario-gallery";

export const metadata: Metadata = { title: "Automation scenarios" };

export default function ScenariosPage() {
  return <ScenarioGallery />;
}
