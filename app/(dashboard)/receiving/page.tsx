import type { Metadata } from "next";
import { ReceivingView } from "@/components/receiving/receiving-view";

export const metadata: Metadata = { title: "Receiving" };

export default async function ReceivingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { message } = await searchParams;
  return <ReceivingView initialMessageId={typeof message === "string" && message ? message : null} />;
}
