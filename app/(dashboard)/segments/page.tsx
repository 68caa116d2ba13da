import type { Metadata } from "next";
import { SegmentsView } from "@/components/segments/segments-view";

export const metadata: Metadata = { title: "Segments" };

export default function SegmentsPage() {
  return <SegmentsView />;
}
