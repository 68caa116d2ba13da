import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { CreditsSection } from "@/components/settings/credits-section";

export const metadata: Metadata = { title: "Settings" };

// One section per area, each under its own anchor (/settings#credits). Account, password and
// SMTP sections join this list.
export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Your account's credits and configuration." />
      <div className="space-y-10">
        <CreditsSection />
      </div>
    </>
  );
}
