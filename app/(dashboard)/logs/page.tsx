import type { Metadata } from "next";
import { LogsView } from "@/components/logs/logs-view";
import { REQUEST_LOG_METHODS } from "@/lib/request-logs/schemas";

export const metadata: Metadata = { title: "Logs" };

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

export default async function LogsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const status = first(params.status);
  const method = first(params.method).toUpperCase();
  return (
    <LogsView
      initialFilters={{
        status: /^[1-5](xx|\d\d)$/.test(status) ? status : "",
        method: (REQUEST_LOG_METHODS as readonly string[]).includes(method) ? method : "",
        path: first(params.path).slice(0, 200),
      }}
    />
  );
}
