import type { Metadata } from "next";
import { WebhookDetailView } from "@/components/webhooks/webhook-detail-view";

export const metadata: Metadata = { title: "Webhook" };

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <WebhookDetailView id={id} />;
}
