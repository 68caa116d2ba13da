import type { Metadata } from "next";
import { isEmailStatus } from "@/lib/ui/email-statuses";
import { EmailsView } from "@/components/emails/emails-view";

export const metadata: Metadata = { title: "Emails" };

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export default async function EmailsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const status = first(params.status);
  const from = first(params.from);
  const to = first(params.to);
  return (
    <EmailsView
      initialFilters={{
        status: isEmailStatus(status) ? status : "",
        tag: first(params.tag),
        fromDate: isDate(from) ? from : "",
        toDate: isDate(to) ? to : "",
      }}
    />
  );
}
