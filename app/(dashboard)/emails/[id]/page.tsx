import type { Metadata } from "next";
import { EmailDetailView } from "@/components/emails/email-detail-view";

export const metadata: Metadata = { title: "Email" };

export default async function EmailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EmailDetailView id={id} />;
}
