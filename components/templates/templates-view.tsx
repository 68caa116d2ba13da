"use client";

import { SearchInput } from "@/components/ui/search-input";
import { useState } from "react";
import Link from "next/link";
import { useTemplates } from "@/lib/hooks/use-templates";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FileTextIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { TemplatesTable, TemplatesTableSkeleton } from "./templates-table";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 20;

function NewTemplateLink({ variant = "primary" }: { variant?: "primary" | "secondary" }) {
  return (
    <Link href="/templates/new" className={buttonClasses({ variant })}>
      <PlusIcon />
      New template
    </Link>
  );
}

const code = "rounded bg-white px-1 py-0.5 font-mono text-xs text-zinc-700 ring-1 ring-zinc-200";

export function TemplatesView() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const query = useDebouncedValue(search.trim());
  const templates = useTemplates({ limit: PAGE_SIZE, offset, search: query || undefined });
  const list = templates.data?.data;

  let content;
  if (templates.isPending) content = <TemplatesTableSkeleton />;
  else if (templates.isError && !templates.data)
    content = <LoadError title="Could not load your templates" error={templates.error} onRetry={() => templates.refetch()} />;
  else if (list && list.length === 0 && !query)
    content = (
      <EmptyState
        icon={FileTextIcon}
        title="Create your first template"
        description={
          <>
            A template is a subject and an HTML body you write once and send many times. Put variables like{" "}
            <code className={code}>{"{{name}}"}</code> where each email differs, then send with <code className={code}>template_id</code>{" "}
            and <code className={code}>variables</code>: values are HTML-escaped, and <code className={code}>{"{{{raw}}}"}</code> inserts
            HTML as is.
          </>
        }
        action={<NewTemplateLink />}
        className="[&>p]:max-w-md"
      />
    );
  else if (list && list.length === 0)
    content = (
      <EmptyState
        icon={SearchIcon}
        title="No templates match"
        description={<>No template name contains &ldquo;{query}&rdquo;.</>}
        action={
          <Button variant="secondary" onClick={() => setSearch("")}>
            Clear search
          </Button>
        }
      />
    );
  else content = <TemplatesTable templates={list ?? []} />;

  const showSearch = Boolean(query || (list && list.length > 0) || offset > 0);
  return (
    <>
      <PageHeader
        title="Templates"
        description="Reusable emails with variables. Edit them with a live preview, send a test, and use them from the API or an automation."
        actions={<NewTemplateLink />}
      />
      {showSearch && (
        <SearchInput
          className="mb-4 max-w-xs"
          label="Search templates by name"
          placeholder="Search by name"
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setOffset(0);
          }}
        />
      )}
      {content}
      {templates.data && list && list.length > 0 && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={templates.data.pagination.total} onOffsetChange={setOffset} noun="templates" />
      )}
    </>
  );
}
