"use client";

import { useState } from "react";
import Link from "next/link";
import { useEmails } from "@/lib/hooks/use-emails";
import { IN_FLIGHT_STATUSES } from "@/lib/ui/email-statuses";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FileTextIcon, MailIcon, SearchIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { EmailFiltersBar, hasFilters, NO_FILTERS, toApiFilters, type EmailFilterValues } from "./email-filters";
import { EmailsNav } from "./emails-nav";
import { EmailsTable, EmailsTableSkeleton } from "./emails-table";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 25;

// The filters live in the address (?status=bounced&tag=a:b&from=2025-01-01), so a filtered
// log can be bookmarked or shared; the page hands over the first values.
function writeToUrl(values: EmailFilterValues) {
  const params = new URLSearchParams();
  if (values.status) params.set("status", values.status);
  if (values.tag) params.set("tag", values.tag);
  if (values.fromDate) params.set("from", values.fromDate);
  if (values.toDate) params.set("to", values.toDate);
  const query = params.toString();
  window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
}

export function EmailsView({ initialFilters }: { initialFilters: EmailFilterValues }) {
  const [filters, setFilters] = useState(initialFilters);
  const [offset, setOffset] = useState(0);
  const emails = useEmails(toApiFilters(filters), { limit: PAGE_SIZE, offset });
  const list = emails.data?.data;
  const live = list?.some((email) => IN_FLIGHT_STATUSES.has(email.status)) ?? false;
  const filtered = hasFilters(filters);

  function changeFilters(next: EmailFilterValues) {
    setFilters(next);
    setOffset(0);
    writeToUrl(next);
  }

  let content;
  if (emails.isPending) content = <EmailsTableSkeleton />;
  else if (emails.isError && !emails.data)
    content = <LoadError title="Could not load your emails" error={emails.error} onRetry={() => emails.refetch()} />;
  else if (list?.length === 0 && filtered)
    content = (
      <EmptyState
        icon={SearchIcon}
        title="No emails match these filters"
        description="Try another status, tag or date range."
        action={
          <Button variant="secondary" onClick={() => changeFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        }
      />
    );
  else if (list?.length === 0)
    content = (
      <EmptyState
        icon={MailIcon}
        title="No emails sent yet"
        description="Every email you send through the API, the SMTP relay or an automation shows up here with its status and events."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Link href="/templates" className={buttonClasses()}>
              <FileTextIcon />
              Send a test from a template
            </Link>
            <Link href="/dashboard" className={buttonClasses({ variant: "secondary" })}>
              See the API example
            </Link>
          </div>
        }
      />
    );
  else content = <EmailsTable emails={list ?? []} />;

  return (
    <>
      <PageHeader
        title="Emails"
        description="Every email you sent, newest first, with its delivery status. Open one for its full event timeline."
        actions={
          live ? (
            <span className="inline-flex items-center gap-2 rounded-full bg-sky-50 px-2.5 py-1 text-xs font-medium text-sky-700 ring-1 ring-sky-200 ring-inset">
              <span aria-hidden="true" className="relative flex size-2">
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-sky-400 opacity-75" />
                <span className="relative inline-flex size-2 rounded-full bg-sky-500" />
              </span>
              Updating live
            </span>
          ) : undefined
        }
      />
      <EmailsNav current="all" />
      {/* Nothing to filter in an empty log. */}
      {!(list?.length === 0 && !filtered && offset === 0) && <EmailFiltersBar values={filters} onChange={changeFilters} />}
      {content}
      {emails.data && list && list.length > 0 && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={emails.data.pagination.total} onOffsetChange={setOffset} noun="emails" />
      )}
    </>
  );
}
