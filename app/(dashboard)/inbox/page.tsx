import type { Metadata } from "next";
import { InboxView } from "@/components/inbox/inbox-view";

export const metadata: Metadata = { title: "Dev inbox" };

export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { message } = await searchParams;
  return <InboxView initialMessageId={typeof message === "string" && message ? message : null} />;
}
