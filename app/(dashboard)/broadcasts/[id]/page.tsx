import type { Metadata } from "next";
import { BroadcastLoader } from "@/components/broadcasts/broadcast-loader";

export const metadata: Metadata = { title: "Broadcast" };

export default async function BroadcastPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BroadcastLoader id={id} />;
}
