"use client";

import { useState } from "react";
import Link from "next/link";
import { useRequestLogs, type RequestLogFilters } from "@/lib/hooks/use-request-logs";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon, SearchIcon } from "@/components/ui/icons";
import { ScrollTextIcon } from "./log-icons";
import { LoadError } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { hasLogFilters, LogFiltersBar, NO_LOG_FILTERS } from "./log-filters";
import { LogsTable, LogsTableSkeleton } from "./logs-table";

const PAGE_SIZE = 25;
type Filters = Required<RequestLogFilters>;

// The filters live in the address (?status=4xx&method=POST&path=/emails), so a filtered log can
// be bookmarked or shared; the page hands over the first values.
function writeToUrl(values: Filters) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const query = params.toString();
  window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
}

export function LogsView({ initialFilters }: { initialFilters: Filters }) {
  const [filters, setFilters] = useState(initialFilters);
  const [offset, setOffset] = useState(0);
  const logs = useRequestLogs(filters, { limit: PAGE_SIZE, offset });
  const list = logs.data?.data;
  const filtered = hasLogFilters(filters);

  function changeFilters(next: Filters) {
    setFilters(next);
    setOffset(0);
    writeToUrl(next);
  }

  let content;
  if (logs.isPending) content = <LogsTableSkeleton />;
  else if (logs.isError && !logs.data)
    content = <LoadError title="Could not load the request log" error={logs.error} onRetry={() => logs.refetch()} />;
  else if (list?.length === 0 && filtered)
    content = (
      <EmptyState
        icon={SearchIcon}
        title="No requests match these filters"
        description="Try another status, method or path."
        action={
          <Button variant="secondary" onClick={() => changeFilters(NO_LOG_FILTERS)}>
            Clear filters
          </Button>
        }
      />
    );
  else if (list?.length === 0)
    content = (
      <EmptyState
        icon={ScrollTextIcon}
        title="No API requests in the last 14 days"
        description="Each request made with an API key shows up here with its status, timing and redacted bodies."
        action={
          <Link href="/api-keys" className={buttonClasses()}>
            <KeyIcon />
            Create an API key
          </Link>
        }
      />
    );
  else content = <LogsTable logs={list ?? []} />;

  return (
    <>
      <PageHeader
        title="Logs"
        description="Requests made with your API keys in the last 14 days, newest first. Open one for its request and response."
      />
      {/* Nothing to filter in an empty log. */}
      {!(list?.length === 0 && !filtered && offset === 0) && <LogFiltersBar values={filters} onChange={changeFilters} />}
      {content}
      {logs.data && list && list.length > 0 && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={logs.data.pagination.total} onOffsetChange={setOffset} noun="requests" />
      )}
    </>
  );
}
