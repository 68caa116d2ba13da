import type { Metadata } from "next";
import { ContactsView } from "@/components/contacts/contacts-view";

export const metadata: Metadata = { title: "Contacts" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function ContactsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { list } = await searchParams;
  return <ContactsView initialList={(Array.isArray(list) ? list[0] : list)?.slice(0, 200) ?? ""} />;
}
