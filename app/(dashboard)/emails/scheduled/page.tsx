import type { Metadata } from "next";
import { ScheduledEmailsView } from "@/components/emails/scheduled-emails-view";

export const metadata: Metadata = { title: "Scheduled emails" };

export default function ScheduledEmailsPage() {
  return <ScheduledEmailsView />;
}
