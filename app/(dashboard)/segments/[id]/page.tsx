import type { Metadata } from "next";
import { SegmentDetailView } from "@/components/segments/segment-detail-view";

export const metadata: Metadata = { title: "Segment" };

export default async function SegmentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SegmentDetailView id={id} />;
}
