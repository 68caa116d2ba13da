import type { Metadata } from "next";
import { ListDetailView } from "@/components/lists/list-detail-view";

export const metadata: Metadata = { title: "List" };

export default async function ListPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ListDetailView id={id} />;
}
