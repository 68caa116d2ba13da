import type { Metadata } from "next";
import { BroadcastComposer } from "@/components/broadcasts/broadcast-composer";

export const metadata: Metadata = { title: "New broadcast" };

export default function NewBroadcastPage() {
  return <BroadcastComposer />;
}
