import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { AccountSection } from "@/components/settings/account-section";
import { CreditsSection } from "@/components/settings/credits-section";
import { PasswordSection } from "@/components/settings/password-section";
import { SmtpSection } from "@/components/settings/smtp-section";
import { TopicsSection } from "@/components/settings/topics-section";
import { LayoutSection } from "@/components/layouts/layout-section";

export const metadata: Metadata = { title: "Settings" };

const SECTIONS = [
  { id: "account", label: "Account" },
  { id: "password", label: "Password" },
  { id: "credits", label: "Credits" },
  { id: "smtp", label: "SMTP" },
  { id: "topics", label: "Topics" },
  { id: "layout", label: "Email layout" },
];

// One section per area, each under its own anchor (/settings#credits).
export default function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your account, sign-in, credits, SMTP relay, the topics contacts choose from and your emails' layout."
      />
      <nav aria-label="Settings sections" className="-mt-4 mb-8">
        <ul className="flex flex-wrap gap-1.5">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex h-7 items-center rounded-full border border-zinc-200 bg-white px-3 text-xs font-medium text-zinc-600 shadow-xs hover:bg-zinc-50 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-10">
        <AccountSection />
        <PasswordSection />
        <CreditsSection />
        <SmtpSection />
        <TopicsSection />
        <LayoutSection />
      </div>
    </>
  );
}
