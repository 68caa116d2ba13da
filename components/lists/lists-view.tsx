"use client";

import { SearchInput } from "@/components/ui/search-input";
import { useState } from "react";
import { useDeleteList, useLists, type ContactListItem } from "@/lib/hooks/use-lists";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, SearchIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { ListIcon } from "@/components/contacts/contact-icons";
import { CreateListDialog } from "./create-list-dialog";
import { ListsTable, ListsTableSkeleton } from "./lists-table";
import { LoadError } from "@/components/ui/load-error";

const PAGE_SIZE = 20;

export function ListsView() {
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ContactListItem | null>(null);
  const deleteList = useDeleteList();
  const query = useDebouncedValue(search.trim());
  const lists = useLists({ limit: PAGE_SIZE, offset, search: query || undefined });
  const rows = lists.data?.data;

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon />
      Create list
    </Button>
  );

  let content;
  if (lists.isPending) content = <ListsTableSkeleton />;
  else if (lists.isError && !lists.data)
    content = <LoadError title="Could not load your lists" error={lists.error} onRetry={() => lists.refetch()} />;
  else if (rows && rows.length === 0 && !query)
    content = (
      <EmptyState
        icon={ListIcon}
        title="Create your first list"
        description="Lists group contacts: a newsletter, trial users, customers. Adding someone to a list can start an automation."
        action={createButton}
      />
    );
  else if (rows && rows.length === 0)
    content = (
      <EmptyState
        icon={SearchIcon}
        title="No lists match"
        description={<>No list name contains &ldquo;{query}&rdquo;.</>}
        action={
          <Button variant="secondary" onClick={() => setSearch("")}>
            Clear search
          </Button>
        }
      />
    );
  else content = <ListsTable lists={rows ?? []} onDelete={setDeleting} />;

  const showSearch = Boolean(query || (rows && rows.length > 0) || offset > 0);
  return (
    <>
      <PageHeader
        title="Lists"
        description="Groups of contacts. Open a list to see its contacts; import a CSV into a list from the Contacts page."
        actions={createButton}
      />
      {showSearch && (
        <SearchInput
          className="mb-4 max-w-xs"
          label="Search lists by name"
          placeholder="Search by name"
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setOffset(0);
          }}
        />
      )}
      {content}
      {lists.data && rows && rows.length > 0 && (
        <Pagination limit={PAGE_SIZE} offset={offset} total={lists.data.pagination.total} onOffsetChange={setOffset} noun="lists" />
      )}
      <CreateListDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete list"
        description={(list) => (
          <>
            <span className="font-medium text-zinc-700">{list.name}</span> will be deleted. Its{" "}
            {list.contactCount === 1 ? "contact stays" : `${list.contactCount.toLocaleString()} contacts stay`} in your contacts, and
            automations it already started go on. This cannot be undone.
          </>
        )}
        confirmLabel="Delete list"
        onConfirm={(list) => deleteList.mutateAsync(list.id)}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
